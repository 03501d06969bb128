import { AccountSettings } from '../features/account-settings/components/AccountSettings';

export default AccountSettings;
