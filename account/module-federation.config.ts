import type { FederationOptions } from 'shared/build';

export const federation: FederationOptions = {
  name: 'account',
  title: 'Homestory · Account',
  exposes: {
    './UserMenu': './src/exposes/UserMenu.tsx',
    './LoginDialog': './src/exposes/LoginDialog.tsx',
    './LoginPage': './src/exposes/LoginPage.tsx',
    './ResetPassword': './src/exposes/ResetPassword.tsx',
    './Wishlist': './src/exposes/Wishlist.tsx',
    './Trips': './src/exposes/Trips.tsx',
    './Trip': './src/exposes/Trip.tsx',
    './AccountSettings': './src/exposes/AccountSettings.tsx',
    './PersonalInfo': './src/exposes/PersonalInfo.tsx',
    './Messages': './src/exposes/Messages.tsx',
    './Conversation': './src/exposes/Conversation.tsx',
    './Notifications': './src/exposes/Notifications.tsx',
  },
};
