import { Type, type TSchema } from '@sinclair/typebox';
import { paths, type CallPath } from './paths';
import { ErrorBody, MessageOk, StatusMessage } from './common';
import {
  AboutProfile, CreateSubProfileBody, CreateSubProfileOk, ForgotPasswordBody, GetSubProfileOk, LoginBody, LoginOk,
  ResetPasswordBody, SignupBody, SubProfilesOk, UpdateProfileBody, UpdateSubProfileBody, User, UserIdParams,
} from './auth';
import {
  AddLinkBody, AddLinkOk, IncrementClicksBody, IncrementClicksOk, LinkActionBody, LinkLists, UserIdQuery, UserLinksOk,
} from './links';
import { CreateSessionBody, CreateSessionOk, PaymentSuccessBody, PaymentSuccessOk } from './payment';
import { AdminLoginBody, AdminLoginOk, AllUsersOk, UpdateUserBody, UpdateUserOk, UserDeleteBody } from './admin';

export interface Endpoint extends CallPath {
  body?: TSchema;
  querystring?: TSchema;
  params?: TSchema;
  /** The success answer; its status code is the key of `response`. */
  response: Record<number, TSchema>;
}

const e = <T extends Endpoint>(x: T) => x;

/** The 25 calls of spec §7, with the answers of DESIGN §7. Paths and names are the contract, typos included. */
export const endpoints = {
  login: e({ ...paths.login, body: LoginBody, response: { 200: LoginOk } }),
  signup: e({ ...paths.signup, body: SignupBody, response: { 201: StatusMessage } }),
  forgotPassword: e({ ...paths.forgotPassword, body: ForgotPasswordBody, response: { 200: StatusMessage } }),
  resetPassword: e({ ...paths.resetPassword, body: ResetPasswordBody, response: { 200: StatusMessage } }),
  getProfile: e({ ...paths.getProfile, response: { 200: User } }),
  getSubProfiles: e({ ...paths.getSubProfiles, response: { 200: SubProfilesOk } }),
  getAboutProfile: e({ ...paths.getAboutProfile, response: { 200: AboutProfile } }),
  updateProfile: e({ ...paths.updateProfile, body: UpdateProfileBody, response: { 200: MessageOk } }),
  createSubProfile: e({ ...paths.createSubProfile, body: CreateSubProfileBody, response: { 201: CreateSubProfileOk } }),
  getSubProfile: e({ ...paths.getSubProfile, params: UserIdParams, response: { 200: GetSubProfileOk } }),
  updateSubProfile: e({ ...paths.updateSubProfile, body: UpdateSubProfileBody, response: { 200: StatusMessage } }),
  createPaymentSession: e({ ...paths.createPaymentSession, body: CreateSessionBody, response: { 200: CreateSessionOk } }),
  verifyPayment: e({ ...paths.verifyPayment, body: PaymentSuccessBody, response: { 200: PaymentSuccessOk } }),
  getPublicLinks: e({ ...paths.getPublicLinks, querystring: UserIdQuery, response: { 200: LinkLists } }),
  getPublicProfile: e({ ...paths.getPublicProfile, querystring: UserIdQuery, response: { 200: AboutProfile } }),
  incrementClicks: e({ ...paths.incrementClicks, body: IncrementClicksBody, response: { 200: IncrementClicksOk } }),
  /** Spec §7 lists it without a token; the member pages send theirs anyway and it answers the same lists. */
  getMemberLinks: e({ ...paths.getMemberLinks, querystring: UserIdQuery, response: { 200: LinkLists } }),
  addLink: e({ ...paths.addLink, body: AddLinkBody, response: { 201: AddLinkOk } }),
  resetLink: e({ ...paths.resetLink, body: LinkActionBody, response: { 200: MessageOk } }),
  deleteLink: e({ ...paths.deleteLink, body: LinkActionBody, response: { 200: MessageOk } }),
  adminLogin: e({ ...paths.adminLogin, body: AdminLoginBody, response: { 200: AdminLoginOk } }),
  getAllUsers: e({ ...paths.getAllUsers, response: { 200: AllUsersOk } }),
  deleteUser: e({ ...paths.deleteUser, body: UserDeleteBody, response: { 200: MessageOk } }),
  getUserLinks: e({ ...paths.getUserLinks, params: UserIdParams, response: { 200: UserLinksOk } }),
  updateUser: e({ ...paths.updateUser, params: UserIdParams, body: UpdateUserBody, response: { 200: UpdateUserOk } }),
} as const;

/** Error answers every route may give (DESIGN §7), for OpenAPI and serialisation. */
export const errorResponses = {
  400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody,
} as const;

export const HealthOk = Type.Object({ status: Type.Literal('ok') });
