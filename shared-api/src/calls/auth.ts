import type {
  AboutProfile, CreateSubProfileBody, CreateSubProfileOk, ForgotPasswordBody, GetSubProfileOk, LoginBody, LoginOk,
  MessageOk, ResetPasswordBody, SignupBody, StatusMessage, SubProfilesOk, UpdateProfileBody, UpdateSubProfileBody, User,
} from '../contract';
import { paths } from '../contract/paths';
import { call } from '../http';

export const login = (body: LoginBody) => call<LoginOk>(paths.login, { body });
export const signup = (body: SignupBody) => call<StatusMessage>(paths.signup, { body });
export const forgotPassword = (body: ForgotPasswordBody) => call<StatusMessage>(paths.forgotPassword, { body });
export const resetPassword = (body: ResetPasswordBody) => call<StatusMessage>(paths.resetPassword, { body });
export const getProfile = () => call<User>(paths.getProfile);
export const getSubProfiles = () => call<SubProfilesOk>(paths.getSubProfiles);
export const getAboutProfile = () => call<AboutProfile>(paths.getAboutProfile);
export const updateProfile = (body: UpdateProfileBody) => call<MessageOk>(paths.updateProfile, { body });
export const createSubProfile = (body: CreateSubProfileBody) => call<CreateSubProfileOk>(paths.createSubProfile, { body });
export const getSubProfile = (userId: string) => call<GetSubProfileOk>(paths.getSubProfile, { params: { userId } });
export const updateSubProfile = (body: UpdateSubProfileBody) => call<StatusMessage>(paths.updateSubProfile, { body });
