/** The sessions feature as the app sees it (issue 33; issue 27: a feature is imported through its index). */
export { sessionsRoutes, signInContext } from './sessions.routes';
export { openSession, reissue, type SignInContext } from './sessions.service';
export { touchSession } from './sessions.repository';
