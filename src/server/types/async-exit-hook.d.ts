declare module 'async-exit-hook' {
  type Hook = (done?: () => void) => void;
  const asyncExitHook: ((hook: Hook) => void) & {
    hookedEvents: () => string[];
    unhookEvent: (event: string) => void;
  };
  export default asyncExitHook;
}
