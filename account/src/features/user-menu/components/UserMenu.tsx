/**
 * The header's user menu: a pill button (menu icon and avatar) that opens a dropdown of the
 * signed-in or signed-out entries. It closes on an outside click, on a scroll the user makes, on
 * window blur, when the tab is hidden, on Escape and when an entry is chosen. The arrow keys,
 * Home and End move between its entries (ArrowDown on the button opens it at the first); Escape
 * and choosing an entry give focus back to the button, so a dialog opened from it (Log in)
 * returns there when it closes.
 *
 * Before the scripts run, the button opens the panel as a native popover and Log in and Sign up
 * are links to /login (returning here), so the menu works without JavaScript; once the scripts
 * run, the panel follows the menu's state and those entries open the login dialog.
 *
 * Signed in, the button and the "Notification" entry carry the count of unread notifications,
 * kept live through Realtime (notificationsApi): a step of a booking shows on every page.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useLocation } from 'shared/router';
import { Menu } from 'lucide-react';
import { useAppDispatch, useAppSelector } from 'shared/store';
import { selectUserData, setShowLogin, showToast } from 'shared/state';
import { signOut } from 'shared/session';
import { loginPathReturningTo } from 'shared/url';
import { useDismiss } from '../hooks/useDismiss';
import { useGetUnreadNotificationCountQuery } from '../../notifications';
import { Avatar } from '../../../components/Avatar';
import { SIGNED_IN_ENTRIES, SIGNED_OUT_ENTRIES, type MenuEntry } from './menuItems';
import styles from './UserMenu.module.css';

export function UserMenu() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUserData);
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const focusFirstOnOpen = useRef(false);
  const panelId = useId();
  const { pathname, search } = useLocation();
  const unread = useGetUnreadNotificationCountQuery(user ? user.id : skipToken).data ?? 0;
  const unreadText = `${unread} unread ${unread === 1 ? 'notification' : 'notifications'}`;
  // False in the server's HTML and until hydrated: the panel is then a popover the button opens.
  const [scripted, setScripted] = useState(false);
  const close = () => setOpen(false);
  useDismiss(open, containerRef, close);

  useEffect(() => {
    const panel = panelRef.current;
    // Opened before the scripts ran: it stays open, now as the menu's state.
    if (panel && typeof panel.hidePopover === 'function' && panel.matches(':popover-open')) {
      panel.hidePopover();
      setOpen(true);
    }
    setScripted(true);
  }, []);

  const entriesIn = () => Array.from(panelRef.current?.querySelectorAll<HTMLElement>('a, button') ?? []);
  useEffect(() => {
    if (!open || !focusFirstOnOpen.current) return;
    focusFirstOnOpen.current = false;
    entriesIn()[0]?.focus();
  }, [open]);

  /** Closes the menu and puts focus back on its button. */
  const closeToButton = () => {
    close();
    buttonRef.current?.focus();
  };

  const onPanelKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      buttonRef.current?.focus();
      return;
    }
    const items = entriesIn();
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next: Record<string, number> = {
      ArrowDown: (at + 1) % items.length,
      ArrowUp: (at - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    };
    if (!(event.key in next) || items.length === 0) return;
    event.preventDefault();
    items[next[event.key]!]?.focus();
  };

  const entries = user ? SIGNED_IN_ENTRIES : SIGNED_OUT_ENTRIES;

  const logOut = async () => {
    close();
    const outcome = await dispatch(signOut());
    if (!outcome.ok) dispatch(showToast({ kind: 'error', message: outcome.message }));
  };

  const renderEntry = (entry: MenuEntry, index: number) => {
    if (entry.kind === 'separator') return <li key={`sep-${index}`} className={styles.separator} role="presentation" />;
    const className = 'strong' in entry && entry.strong ? `${styles.item} ${styles.strong}` : styles.item;
    if (entry.kind === 'link') {
      return (
        <li key={entry.label}>
          <Link to={entry.to} className={className} onClick={closeToButton}>
            {entry.label}
            {entry.showsUnread && unread > 0 && (
              <span className={styles.count}>
                {unread}
                <span className="visually-hidden"> unread</span>
              </span>
            )}
          </Link>
        </li>
      );
    }
    if (entry.kind === 'login') {
      return (
        <li key={entry.label}>
          <Link
            to={loginPathReturningTo(pathname + search)}
            className={className}
            onClick={(event) => {
              event.preventDefault();
              closeToButton();
              dispatch(setShowLogin(true));
            }}
          >
            {entry.label}
          </Link>
        </li>
      );
    }
    return (
      <li key={entry.label}>
        <button type="button" className={className} onClick={logOut}>
          {entry.label}
        </button>
      </li>
    );
  };

  return (
    <div className={styles.container} ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.pill}
        aria-label={unread > 0 ? `Open user menu, ${unreadText}` : 'Open user menu'}
        aria-expanded={open}
        aria-controls={panelId}
        popoverTarget={scripted ? undefined : panelId}
        onClick={(event) => {
          event.preventDefault();
          setOpen((value) => !value);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown') return;
          event.preventDefault();
          if (open) entriesIn()[0]?.focus();
          else {
            focusFirstOnOpen.current = true;
            setOpen(true);
          }
        }}
      >
        <Menu size={16} strokeWidth={2.25} aria-hidden />
        <Avatar name={user?.name} />
        {unread > 0 && (
          <span className={styles.pillCount} aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <nav
        ref={panelRef}
        id={panelId}
        className={styles.panel}
        aria-label="User menu"
        popover={scripted ? undefined : 'auto'}
        hidden={scripted ? !open : undefined}
        onKeyDown={onPanelKeyDown}
      >
        <ul className={styles.list}>{entries.map(renderEntry)}</ul>
      </nav>
    </div>
  );
}
