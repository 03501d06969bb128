/**
 * The ten tiles of the desktop account page (accounts spec section 2). Personal info links to
 * /lp; Login & Security opens its dialog (issue 29, beyond the spec); the others have no target
 * yet and are shown as coming soon, not as something to press.
 */
export interface SettingsTile {
  title: string;
  text: string;
  to?: string;
  opensLoginSecurity?: true;
}

export const SETTINGS_TILES: readonly SettingsTile[] = [
  { title: 'Personal info', text: 'Provide personal details and how we can reach you', to: '/lp' },
  { title: 'Login & Security', text: 'Update your password and secure your account', opensLoginSecurity: true },
  { title: 'Payments & payouts', text: 'Review payments, payouts, coupons and gift cards' },
  { title: 'Taxes', text: 'Manage taxpayer information and tax documents' },
  { title: 'Notifications', text: 'Choose notification preferences and how you want to be contacted' },
  { title: 'Privacy & sharing', text: 'Manage your personal data, connected services and data sharing settings' },
  { title: 'Global preferences', text: 'Set your default language, currency and time zone' },
  { title: 'Travel for work', text: 'Add a work email for business trip benefits' },
  { title: 'Professional hosting tools', text: 'Get professional tools if you manage several properties on Homestory' },
  { title: 'Referral credit & coupons', text: 'Your referral credit and coupon balance' },
];

export const REFERRAL_BALANCE = '$0';

/** 'Signed in as' names the first word of the metadata name. */
export function firstName(name: string | null | undefined): string {
  return name?.trim().split(/\s+/)[0] ?? '';
}
