/**
 * The sign-up form's texts (src/client/components/RegistrationForm.tsx), in a module of their own because the home page
 * shows that form: its first load carries these and not the whole catalogue (src/shared/texts.ts).
 */
export const SIGN_UP_TEXTS = {
  welcome: (product: string, username: string) => `Welcome to ${product}, ${username}!`,
  fillRegistration: 'Please fill out the registration form.',
  invalidEmail: 'Please enter a valid email address.',
  invalidPassword: 'Please enter a valid password.',
} as const
