import type { StatusMessage } from '../contract/common';
import { accountDataPaths } from '../paths/account-data';
import { download } from './download';
import { send } from './send';

/** Issue 33: the account page's "Your data" card (decision 0145). In /live like the session calls. */
export const downloadAccountExport = () => download(accountDataPaths.exportAccount, {}, 'rotalink-export.zip');
export const deleteAccount = (password: string) => send<StatusMessage>(accountDataPaths.deleteAccount, { body: { password } });
