declare module 'geoip-country' {
  type Lookup = { range: [number, number]; country: string; name?: string } | null;
  const geoip: { lookup: (ip: string) => Lookup };
  export default geoip;
}
