#!/bin/sh
# Makes the video landers' loop and its poster (public/landers), both committed: a six-second
# VP8 WebM of drifting light, drawn by ffmpeg's own expressions (no footage, no outside host),
# and its first frame as the poster the page paints first. ffmpeg is not a dependency of the app;
# one way to get it: `npm install --prefix /tmp/ffmpeg @ffmpeg-installer/linux-x64` and
# FFMPEG=/tmp/ffmpeg/node_modules/@ffmpeg-installer/linux-x64/ffmpeg sh scripts/make-lander-video.sh
set -eu
FFMPEG="${FFMPEG:-ffmpeg}"
OUT="$(dirname "$0")/../public/landers"
mkdir -p "$OUT"
C='hypot(X-240-130*cos(2*PI*T/6),Y-135-70*sin(2*PI*T/6))'
D='hypot(X-240+110*cos(2*PI*T/6),Y-135+60*sin(4*PI*T/6))'
R="170+40*sin(X/90+2*PI*T/6)+40*exp(-($C/60)^2)+40*exp(-($D/50)^2)"
G="40+20*sin(Y/70+2*PI*T/6)+60*exp(-($C/60)^2)+50*exp(-($D/50)^2)"
B="100+40*sin((X+Y)/110-2*PI*T/6)+50*exp(-($C/60)^2)+60*exp(-($D/50)^2)"
"$FFMPEG" -hide_banner -loglevel error -y -f lavfi \
  -i "color=c=black:s=480x270:r=15:d=6,format=gbrp,geq=r='$R':g='$G':b='$B'" \
  -c:v libvpx -b:v 200k -crf 32 -auto-alt-ref 0 -an -pix_fmt yuv420p "$OUT/lander-loop.webm"
"$FFMPEG" -hide_banner -loglevel error -y -i "$OUT/lander-loop.webm" -frames:v 1 -c:v libwebp -quality 70 \
  "$OUT/lander-loop-poster.webp"
