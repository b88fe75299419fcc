/** The sign-in app's pages, below `/admin` or `/{lang}/admin`. */
export interface SignInPaths {
  signIn: string;
  forgotPassword: string;
  forgotPasswordSuccess: string;
  resetPassword: string;
  resetPasswordSuccess: string;
  registerAdmin: string;
  registerSuccess: string;
  sendingToken: string;
}

/** Paths of every sign-in page that keep the language prefix ("" or "/fr") of the current one. */
export function signInPaths(prefix: string): SignInPaths {
  const base = `${prefix}/admin`;
  return {
    signIn: base,
    forgotPassword: `${base}/forgot-password`,
    forgotPasswordSuccess: `${base}/forgot-password-success`,
    resetPassword: `${base}/reset-password`,
    resetPasswordSuccess: `${base}/reset-password-success`,
    registerAdmin: `${base}/register-admin`,
    registerSuccess: `${base}/register-success`,
    sendingToken: `${base}/sending-token`,
  };
}

/** Where to go after signing in: `?next=` when it stays on this site, the back-office otherwise. */
export function pathAfterSignIn(next: string | null): string {
  const isLocalPath = !!next && next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\");
  return isLocalPath ? next : "/manage";
}
