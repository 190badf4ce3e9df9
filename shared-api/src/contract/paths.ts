/**
 * Method, path and token kind of each call of spec §7, free of any schema library so the browser
 * client can import it without pulling TypeBox into the page.
 */
export interface CallPath {
  method: 'GET' | 'POST' | 'PUT';
  /** ':userId' is a path parameter. */
  url: string;
  /** 'member' = a member's bearer token, 'admin' = the admin's, 'none' = public. */
  auth: 'none' | 'member' | 'admin';
}

const p = <T extends CallPath>(x: T) => x;

export const paths = {
  login: p({ method: 'POST', url: '/api/auth/login', auth: 'none' }),
  signup: p({ method: 'POST', url: '/api/auth/signup', auth: 'none' }),
  forgotPassword: p({ method: 'POST', url: '/api/auth/forgot-password', auth: 'none' }),
  resetPassword: p({ method: 'POST', url: '/api/auth/reset-password', auth: 'none' }),
  getProfile: p({ method: 'GET', url: '/api/auth/profile', auth: 'member' }),
  getSubProfiles: p({ method: 'GET', url: '/api/auth/sub-profiles', auth: 'member' }),
  getAboutProfile: p({ method: 'GET', url: '/api/auth/aboutProfile', auth: 'member' }),
  updateProfile: p({ method: 'POST', url: '/api/auth/updateProfile', auth: 'member' }),
  createSubProfile: p({ method: 'POST', url: '/api/auth/subprofile', auth: 'member' }),
  getSubProfile: p({ method: 'GET', url: '/api/auth/getsubprofile/:userId', auth: 'member' }),
  updateSubProfile: p({ method: 'PUT', url: '/api/auth/updatesubprofile', auth: 'member' }),
  createPaymentSession: p({ method: 'POST', url: '/api/payment/create-session', auth: 'member' }),
  verifyPayment: p({ method: 'POST', url: '/api/payment/payment-success', auth: 'member' }),
  getPublicLinks: p({ method: 'GET', url: '/api/public/userliks', auth: 'none' }),
  getPublicProfile: p({ method: 'GET', url: '/api/public/publicProfile', auth: 'none' }),
  incrementClicks: p({ method: 'POST', url: '/api/public/increment-clicks', auth: 'none' }),
  getMemberLinks: p({ method: 'GET', url: '/api/links/userliks', auth: 'none' }),
  addLink: p({ method: 'POST', url: '/api/links/linkadd', auth: 'member' }),
  resetLink: p({ method: 'POST', url: '/api/links/resetLink', auth: 'member' }),
  deleteLink: p({ method: 'POST', url: '/api/links/deleteLink', auth: 'member' }),
  adminLogin: p({ method: 'POST', url: '/api/admin/adminlogin', auth: 'none' }),
  getAllUsers: p({ method: 'GET', url: '/api/admin/allusers', auth: 'admin' }),
  deleteUser: p({ method: 'POST', url: '/api/admin/userdelete', auth: 'admin' }),
  getUserLinks: p({ method: 'GET', url: '/api/admin/userslinks/:userId', auth: 'admin' }),
  updateUser: p({ method: 'POST', url: '/api/admin/updateUser/:userId', auth: 'admin' }),
} as const;

export type CallName = keyof typeof paths;
