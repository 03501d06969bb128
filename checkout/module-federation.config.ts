import type { FederationOptions } from 'shared/build';

export const federation: FederationOptions = {
  name: 'checkout',
  title: 'Homestory · Checkout',
  exposes: {
    './BookingPage': './src/exposes/BookingPage.tsx',
  },
};
