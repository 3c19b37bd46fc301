/** The site's notice on a fictional profile (settings.fictional_warning): the profile view and the like modals. */
export function FictionalWarning({ icon, text }: { icon: string; text: string }) {
  return (
    <p className="member-fictional alert alert-warning">
      <img src={icon} alt="" width={20} height={20} />
      <span>{text}</span>
    </p>
  );
}
