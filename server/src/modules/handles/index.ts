/** The handles feature as other modules see it (issue 27: a feature imports another only through its index; issue 32). */
export { handlesRoutes } from './handles.routes';
export { currentHandlesOf } from './handles.repository';
export { handleBehindIdShape, profileForSegment, rotatorUrlOf } from './profile-addresses';
