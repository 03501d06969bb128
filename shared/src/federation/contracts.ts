/**
 * The typed contract between the shell and the remotes: every exposed module, by its
 * federated id, with the shape of its default export. The shell loads remotes only through
 * these ids, so a remote that changes an export's shape breaks the type check, not the page.
 */
import type { ComponentType } from 'react';
import type { AppStore } from 'shared/store';
import site from '../../site.json';

/** Every app but the shell, as shared/site.json lists them. */
export type RemoteName = Exclude<keyof typeof site.apps, 'shell'>;

export const REMOTE_NAMES = Object.keys(site.apps).filter((name) => name !== 'shell') as RemoteName[];

/** Page-level modules render a whole route; slot-level modules render a part of the frame. */
export interface ExposedModules {
  'discovery/Home': ComponentType;
  'discovery/SearchBar': ComponentType;
  'discovery/CategoryStrip': ComponentType;
  'listing/HouseDetail': ComponentType;
  'account/UserMenu': ComponentType;
  'account/LoginDialog': ComponentType;
  'account/LoginPage': ComponentType;
  'account/ResetPassword': ComponentType;
  'account/Wishlist': ComponentType;
  'account/Trips': ComponentType;
  'account/Trip': ComponentType;
  'account/AccountSettings': ComponentType;
  'account/PersonalInfo': ComponentType;
  'account/Messages': ComponentType;
  'account/Conversation': ComponentType;
  'account/Notifications': ComponentType;
  'checkout/BookingPage': ComponentType;
  'hosting/Hosting': ComponentType;
  'hosting/ListingEditor': ComponentType;
  'hosting/HostCalendar': ComponentType;
  'hosting/Earnings': ComponentType;
}

export type ExposedId = keyof ExposedModules;

export function remoteOf(id: ExposedId): RemoteName {
  return id.slice(0, id.indexOf('/')) as RemoteName;
}

/** remotes.json: the manifest URL of each remote, read by the shell at start. */
export type RemotesManifest = Record<RemoteName, string>;

/** Where a page is: all its first view depends on (the URL owns the search and the stay). */
export interface PageLocation {
  pathname: string;
  search: string;
  /** The parameters of the page's route (the shell's route table), e.g. `id` of /house/:id. */
  params: Readonly<Record<string, string | undefined>>;
}

/**
 * A page module may also export `prefetch`: it starts the reads its first view needs, through
 * the same RTK Query endpoints its components use, so the shell's server can run them before
 * rendering and the page renders (and hydrates) with its data.
 */
export type PagePrefetch = (store: AppStore, location: PageLocation) => void;
