/**
 * Whether a sign-up has been sent from this tab and the wizard still shows its last steps.
 * After success the root data is revalidated (the navigation shows the new member); the /signup
 * route would then redirect the now logged-in member to /members and cut off the push and inbox
 * steps, so its shouldRevalidate asks this first.
 */
let activeWizards = 0;

export function markSignupFlowActive(): () => void {
  activeWizards += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    activeWizards -= 1;
  };
}

export function isSignupFlowActive(): boolean {
  return activeWizards > 0;
}
