import type { FederationOptions } from 'shared/mf/federationOptions';

export const federation: FederationOptions = {
  name: 'shell',
  title: 'Homestory',
  template: './src/index.html',
  runtimePlugins: ['./src/federation/remoteErrorPlugin.ts'],
};
