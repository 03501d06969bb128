import type { FederationOptions } from 'shared/build';

export const federation: FederationOptions = {
  name: 'shell',
  title: 'Homestory',
  template: './src/index.html',
  runtimePlugins: ['./src/federation/remoteErrorPlugin.ts'],
};
