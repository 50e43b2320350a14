/** User-facing texts given word for word by the spec. */
export const MSG = {
  usernameRule: 'Username must have 6 - 16 characters, begin with a letter, and no special characters.',
  passwordRule: 'Your password should be at least 6 characters, and not over 32.',
  emailInvalid: 'Please fill valid email address.',
  emailUsed: 'The email address has been used.',
  usernameUsed: 'The username has been used.',
  // not the spec's: a former name is its owner's for a year after a rename (issue 27)
  usernameReserved: 'This username belonged to another account until recently and stays reserved for a year.',
  signInFailed: 'Incorrect username, email or password.',
  signUpWhileSignedIn: 'You are already signed in. Sign out first to create another account.',
  signInThrottled: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  notSignedIn: 'Please sign in first.',
  crossOrigin: 'This request came from another site and was refused.',
  internal: 'There are some errors, please try later.',
  notFound: 'Not found.',
  feedbackSubjectRequired: 'Please fill the subject.',
  feedbackMessageRequired: 'Please fill the message.',
  listLoadFailed: 'Sorry, something goes wrong, please retry later.',
} as const;
