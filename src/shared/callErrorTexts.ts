/**
 * The texts every failed call may show (src/client/api/errors.ts), in a module of their own so that the first load
 * carries these five and not the whole catalogue (src/shared/texts.ts): a bundle keeps or drops a module whole.
 */
export const CALL_ERROR_TEXTS = {
  invalidCredentials: 'Invalid credentials. Please login again.',
  loginToPerform: 'Please log in to perform this action.',
  cannotConnect: 'Cannot connect to server. Please try again later.',
  technicalProblem: (message: string) =>
    `There's a technical problem with our server. Please try again later. Error: ${message}`,
  unknownProblem: (message: string) => `Unknown Problem ${message}`,
} as const
