/**
 * /account-settings (accounts spec section 2). Small screens: Profile, the initial avatar, the
 * 'Become a host' teaser, Manage Listings (the way to hosting on a phone, as the wide user menu's
 * entry; ARCHITECTURE.md section 6), Personal info and Account, the support links and Log out. Wide
 * screens: 'Account', 'Signed in as' with the first name and the email, and the ten tiles.
 * Signed out, it goes to / after 1 s.
 */
import { Link } from 'shared/router';
import {
  BookOpen,
  Briefcase,
  ChevronRight,
  CircleHelp,
  CircleUserRound,
  Eye,
  Flag,
  Gift,
  Globe,
  House,
  IdCard,
  KeyRound,
  Bell,
  LifeBuoy,
  ReceiptText,
  Shield,
  ShieldCheck,
  ChartColumn,
  CreditCard,
  type LucideIcon,
} from 'lucide-react';
import { useAppDispatch, useAppSelector } from 'shared/store';
import { selectUserData, showToast } from 'shared/state';
import { REDIRECT_DELAY_MS } from 'shared/rules';
import { signOut, useRedirectWhenSignedOut } from 'shared/session';
import { Avatar } from '../../../components/Avatar';
import { MANAGE_LISTINGS } from '../../../hostingEntry';
import { firstName, REFERRAL_BALANCE, SETTINGS_TILES } from './tiles';
import styles from './AccountSettings.module.css';

const TILE_ICONS: Record<string, LucideIcon> = {
  'Personal info': IdCard,
  'Login & Security': ShieldCheck,
  'Payments & payouts': CreditCard,
  Taxes: ReceiptText,
  Notifications: Bell,
  'Privacy & sharing': Eye,
  'Global preferences': Globe,
  'Travel for work': Briefcase,
  'Professional hosting tools': ChartColumn,
  'Referral credit & coupons': Gift,
};

const SUPPORT_LINKS: ReadonlyArray<{ label: string; icon: LucideIcon }> = [
  { label: 'Visit the Help Center', icon: CircleHelp },
  { label: 'Get help with a safety issue', icon: LifeBuoy },
  { label: 'Report a neighborhood concern', icon: Flag },
  { label: 'How Homestory works', icon: BookOpen },
];

function Row({ to, label, icon: Icon }: { to: string; label: string; icon: LucideIcon }) {
  return (
    <li>
      <Link to={to} className={styles.row}>
        <Icon size={24} strokeWidth={1.5} aria-hidden />
        <span className={styles.rowLabel}>{label}</span>
        <ChevronRight size={18} aria-hidden />
      </Link>
    </li>
  );
}

export function AccountSettings() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUserData);
  useRedirectWhenSignedOut('/', REDIRECT_DELAY_MS.accountSettingsToRoot);
  if (!user) return <section className={styles.page} aria-busy="true" aria-label="Account" />;

  const logOut = async () => {
    const outcome = await dispatch(signOut());
    if (!outcome.ok) dispatch(showToast({ kind: 'error', message: outcome.message }));
  };

  return (
    <section className={styles.page}>
      <div className={styles.mobile}>
        <h1 className={styles.heading}>Profile</h1>
        <Link to="/lp" className={styles.profile}>
          <Avatar name={user.name} size={56} />
          <span className={styles.profileText}>
            <span className={styles.profileName}>{user.name ?? user.email}</span>
            <span className={styles.muted}>Show profile</span>
          </span>
          <ChevronRight size={18} aria-hidden />
        </Link>
        <Link to="/comingsoon" className={styles.teaser}>
          <span>
            <span className={styles.teaserTitle}>Become a host</span>
            <span className={styles.muted}>It's easy to start hosting and earn extra income.</span>
          </span>
          <House size={40} strokeWidth={1.25} aria-hidden />
        </Link>
        <h2 className={styles.subheading}>Hosting</h2>
        <ul className={styles.rows}>
          <Row to={MANAGE_LISTINGS.to} label={MANAGE_LISTINGS.label} icon={KeyRound} />
        </ul>
        <h2 className={styles.subheading}>Settings</h2>
        <ul className={styles.rows}>
          <Row to="/lp" label="Personal info" icon={CircleUserRound} />
          <Row to="/comingsoon" label="Account" icon={Shield} />
        </ul>
        <h2 className={styles.subheading}>Support</h2>
        <ul className={styles.rows}>
          {SUPPORT_LINKS.map((link) => (
            <Row key={link.label} to="/comingsoon" label={link.label} icon={link.icon} />
          ))}
        </ul>
        <button type="button" className={styles.logout} onClick={logOut}>
          Log out
        </button>
      </div>

      <div className={styles.desktop}>
        <h1 className={styles.heading}>Account</h1>
        <p className={styles.signedIn}>
          <strong>Signed in as {firstName(user.name)}</strong>
          {user.email && <span className={styles.email}>{user.email}</span>}
        </p>
        <ul className={styles.tiles}>
          {SETTINGS_TILES.map((tile) => {
            const Icon = TILE_ICONS[tile.title] ?? IdCard;
            const body = (
              <>
                <Icon size={30} strokeWidth={1.5} aria-hidden />
                <span className={styles.tileTitle}>{tile.title}</span>
                <span className={styles.tileText}>{tile.text}</span>
                {tile.title === 'Referral credit & coupons' && (
                  <span className={styles.balance}>Balance: {REFERRAL_BALANCE}</span>
                )}
              </>
            );
            return (
              <li key={tile.title}>
                {tile.to ? (
                  <Link to={tile.to} className={`${styles.tile} ${styles.tileLink}`}>
                    {body}
                  </Link>
                ) : (
                  <div className={styles.tile}>{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
