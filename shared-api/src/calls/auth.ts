import type {
  AboutProfile,
  ChangeEmailBody,
  ChangePasswordBody,
  ChangePasswordOk,
  CreateSubProfileBody,
  CreateSubProfileOk,
  ForgotPasswordBody,
  GetSubProfileOk,
  LoginBody,
  LoginOk,
  MessageOk,
  ResetPasswordBody,
  SignupBody,
  StatusMessage,
  SubProfilesOk,
  UpdateProfileBody,
  UpdateSubProfileBody,
  User,
} from '../contract';
import { paths } from '../paths';
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
export const deleteSubProfile = (userId: string) => call<StatusMessage>(paths.deleteSubProfile, { body: { userId } });
/** Account settings (issue 13). The answer's token replaces the current one: other sessions end. */
export const changePassword = (body: ChangePasswordBody) => call<ChangePasswordOk>(paths.changePassword, { body });
export const changeEmail = (body: ChangeEmailBody) => call<StatusMessage>(paths.changeEmail, { body });
/** Token-less: the confirmation link may be opened on a device where nobody is signed in. */
export const confirmEmail = (token: string) => call<StatusMessage>(paths.confirmEmail, { body: { token } });
