/**
 * /account-settings (accounts spec section 2). Small screens: Profile with a bell to the
 * notifications and their unread count (a phone's way to them, as the wide user menu's
 * 'Notification'; issue 42), the initial avatar, the 'Become a host' teaser (to hosting, issue 43), Manage Listings (the way to hosting on a phone, as the wide user menu's
 * entry; ARCHITECTURE.md section 6), Personal info and Account (which opens Login & Security), the
 * support links and Log out. Wide screens: 'Account', 'Signed in as' with the first name and the
 * email, and the ten tiles: Personal info and Login & Security work, the others say 'Coming soon'
 * and are not pressable. Signed out, it goes to / after 1 s. A guest (their own anonymous account)
 * is offered, at both widths, to create an account to keep their trips: Login & Security's
 * dialog then holds that form instead of the password, email and authenticator ones.
 */
import { useState } from 'react';
import { Link } from 'shared/router';
import { skipToken } from '@reduxjs/toolkit/query';
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
import { useGetUnreadNotificationCountQuery } from '../../notifications';
import { firstName, REFERRAL_BALANCE, SETTINGS_TILES } from './tiles';
import { CREATE_ACCOUNT_TITLE, LoginSecurityDialog } from './LoginSecurity';
import controls from '../../../components/FormControls.module.css';
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

/** A guest's invitation to keep their account, which opens the dialog with its form. */
function GuestNotice({ onCreate }: { onCreate: () => void }) {
  return (
    <div className={styles.guestNotice}>
      <p className={styles.guestText}>
        <strong>{CREATE_ACCOUNT_TITLE}</strong>
        <span className={styles.muted}>You are browsing as a guest: your trips and wishlist stay with this device until you do.</span>
      </p>
      <button type="button" className={controls.primary} onClick={onCreate}>
        Create an account
      </button>
    </div>
  );
}

export function AccountSettings() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUserData);
  const [loginSecurityOpen, setLoginSecurityOpen] = useState(false);
  const unread = useGetUnreadNotificationCountQuery(user ? user.id : skipToken).data ?? 0;
  useRedirectWhenSignedOut('/', REDIRECT_DELAY_MS.accountSettingsToRoot);
  if (!user) return <section className={styles.page} aria-busy="true" aria-label="Account" />;

  const logOut = async () => {
    const outcome = await dispatch(signOut());
    if (!outcome.ok) dispatch(showToast({ kind: 'error', message: outcome.message }));
  };

  return (
    <section className={styles.page}>
      <div className={styles.mobile}>
        <div className={styles.headingRow}>
          <h1 className={styles.heading}>Profile</h1>
          <Link
            to="/notifications"
            className={styles.bell}
            aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          >
            <Bell size={24} strokeWidth={1.5} aria-hidden />
            {unread > 0 && (
              <span className={styles.bellCount} aria-hidden="true">
                {unread > 99 ? '99+' : unread}
              </span>
            )}
          </Link>
        </div>
        <Link to="/lp" className={styles.profile}>
          <Avatar name={user.name} size={56} />
          <span className={styles.profileText}>
            <span className={styles.profileName}>{user.name ?? user.email}</span>
            <span className={styles.muted}>Show profile</span>
          </span>
          <ChevronRight size={18} aria-hidden />
        </Link>
        {user.isAnonymous && <GuestNotice onCreate={() => setLoginSecurityOpen(true)} />}
        <Link to={MANAGE_LISTINGS.to} className={styles.teaser}>
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
          <li>
            <button type="button" className={styles.row} onClick={() => setLoginSecurityOpen(true)}>
              <Shield size={24} strokeWidth={1.5} aria-hidden />
              <span className={styles.rowLabel}>Account</span>
              <ChevronRight size={18} aria-hidden />
            </button>
          </li>
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
        {user.isAnonymous && <GuestNotice onCreate={() => setLoginSecurityOpen(true)} />}
        <ul className={styles.tiles} aria-label="Account settings">
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
            let tileElement;
            if (tile.to) {
              tileElement = (
                <Link to={tile.to} className={`${styles.tile} ${styles.tileLink}`}>
                  {body}
                </Link>
              );
            } else if (tile.opensLoginSecurity) {
              tileElement = (
                <button type="button" className={`${styles.tile} ${styles.tileLink}`} onClick={() => setLoginSecurityOpen(true)}>
                  {body}
                </button>
              );
            } else {
              tileElement = (
                <div className={`${styles.tile} ${styles.tileSoon}`}>
                  {body}
                  <span className={styles.soon}>Coming soon</span>
                </div>
              );
            }
            return <li key={tile.title}>{tileElement}</li>;
          })}
        </ul>
      </div>
      <LoginSecurityDialog open={loginSecurityOpen} onClose={() => setLoginSecurityOpen(false)} user={user} />
    </section>
  );
}
