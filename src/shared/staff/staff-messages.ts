// The staff panel's messages (spec 02 sections 5, 6 and 8), verbatim, in one place for the browser
// and the server. No imports, so any page can take them without pulling in a schema library.

export const staffMessages = {
  // Sign-in and the guard.
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  invalidCredentials: 'Invalid credentials',
  accessDenied: 'Access denied. Admin privileges required.',
  accountStatusUnknown: 'Unable to verify account status.',
  suspended: 'Your account has been suspended. Please contact an administrator.',
  tooManySignInAttempts: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  notAuthenticated: 'Not authenticated',
  sessionExpired: 'Your session has expired. Please sign in again.',
  adminsOnly: 'Only admins can do this.',
  crossOrigin: 'This request must come from the management panel itself.',

  // Orders.
  loadOrderFailed: 'Failed to load order details',
  orderUpdated: 'Order updated successfully',
  updateOrderFailed: 'Failed to update order',
  loadProfilesFailed: 'Failed to load admin profiles',
  orderNotFound: 'Order not found',
  noOrders: 'No orders found',
  einRequired: 'Enter the EIN to complete the order',
  einFormat: 'EIN must be in the format XX-XXXXXXX',
  assignOthersAdminsOnly: 'Only admins can change who an order is assigned to.',
  assigneeUnknown: 'Choose a staff member from the list',
  notesTooLong: 'Internal notes can be at most 10,000 characters',
  einEmailFailed: 'The order was saved, but the EIN e-mail could not be sent. Save again to retry.',

  // Comments.
  loadCommentsFailed: 'Failed to load comments',
  commentRequired: 'Please enter a comment',
  commentTooLong: 'A comment can be at most 5,000 characters',
  loginToComment: 'You must be logged in to comment',
  commentAdded: 'Comment added successfully',
  addCommentFailed: 'Failed to add comment',

  // Users.
  fullNameRequired: 'Full Name is required',
  roleRequired: 'Role is required',
  passwordRequiredOnCreate: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password can be at most 128 characters',
  userUpdated: 'User profile updated successfully',
  userCreated: 'User created successfully',
  userDeleted: 'User deleted successfully',
  saveUserFailed: 'Failed to save user profile',
  deleteUserFailed: 'Failed to delete user',
  updatePasswordFailed: 'Failed to update password',
  createAdminFailed: 'Failed to create admin',
  deleteAdminFailed: 'Failed to delete admin',
  emailTaken: 'A user with this email already exists',
  userNotFound: 'User not found',
  signInUnlocked: 'Sign-in unlocked',
  unlockFailed: 'Sign-in could not be unlocked. Please try again.',
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotSuspendSelf: 'You cannot suspend your own account',
  cannotDemoteSelf: 'You cannot remove your own admin role',
} as const;
