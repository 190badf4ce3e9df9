import type { CustomDomain, DomainOk, DomainState, HandleState, MyHandles, ResolvedProfile, UpdateHandleOk } from '../contract';
import { vanityPaths } from '../paths/vanity';
import { call } from '../http';

/** Issue 32: handles and custom domains. */
export const getHandle = (userId: string) => call<HandleState>(vanityPaths.getHandle, { query: { user_id: userId } });
/** `handle` null or '' drops the current one. */
export const updateHandle = (userId: string, handle: string | null) =>
  call<UpdateHandleOk>(vanityPaths.updateHandle, { body: { user_id: userId, handle } });
export const getMyHandles = () => call<MyHandles>(vanityPaths.getMyHandles);
export const resolveHandle = (handle: string) => call<ResolvedProfile>(vanityPaths.resolveHandle, { query: { handle } });
export const resolveHost = (host: string) => call<ResolvedProfile>(vanityPaths.resolveHost, { query: { host } });
export const getDomain = () => call<DomainState>(vanityPaths.getDomain);
export const addDomain = (hostname: string) => call<DomainOk>(vanityPaths.addDomain, { body: { hostname } });
export const verifyDomain = () => call<DomainOk>(vanityPaths.verifyDomain, { body: {} });
export const removeDomain = () => call<DomainOk>(vanityPaths.removeDomain, { body: {} });
export type { CustomDomain };
