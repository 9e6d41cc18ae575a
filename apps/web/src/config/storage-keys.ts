/** Web storage keys (docs/product.md, Web storage). No token is ever written to web storage. */
export const STORAGE_KEYS = {
  /** sessionStorage: JSON of the signed-in user's display data. */
  currentUser: 'currentUser',
  /** sessionStorage: the plan cache (docs/product.md, Behaviour), cleared with the session. */
  planCache: 'planCache',
  /** localStorage: 'true' while logged in, absent otherwise. */
  loggedIn: 'loggedIn',
  /** localStorage: 'true' once the beta notice was accepted. */
  betaAccepted: 'betaAccepted',
  /** localStorage: the chosen interface language. */
  selectedLanguage: 'selectedLanguage',
  /** sessionStorage: the smart-scheduler wizard's inputs (not its files), cleared with the session. */
  smartSchedulerWizard: 'smartSchedulerWizard',
  /**
   * sessionStorage: a class's join code from a join link opened while signed out, offered on
   * the dashboard after the login (which always lands there), removed once it is used.
   */
  pendingClassCode: 'pendingClassCode',
  /** localStorage: this browser's push device id, to stop its pushes on log out. */
  pushDeviceId: 'pushDeviceId',
} as const;
