/**
 * The shell's side of the federated contract, compiled against what the remotes publish (their
 * declarations in ../@mf-types/, emitted by scripts/federation-types.mjs), never their sources.
 * The shell loads each module by its id in shared/federation's ExposedModules, renders its
 * default export with no props and may run its `prefetch` on the server: a remote whose
 * published module no longer fits (gone, renamed, a component that needs props, a prefetch of
 * another shape) is a type error here, which fails `npm test`.
 */
import type { ExposedId, ExposedModules, PagePrefetch, RemoteName } from 'shared/federation';
import type { Exposes as Account } from '@mf-types/account';
import type { Exposes as Checkout } from '@mf-types/checkout';
import type { Exposes as Discovery } from '@mf-types/discovery';
import type { Exposes as Hosting } from '@mf-types/hosting';
import type { Exposes as Listing } from '@mf-types/listing';

interface Published {
  account: Account;
  checkout: Checkout;
  discovery: Discovery;
  hosting: Hosting;
  listing: Listing;
}

/** What the shell needs of each module it loads. */
type Needed = { [Id in ExposedId]: { default: ExposedModules[Id]; prefetch?: PagePrefetch } };

/** A module the contract names and its remote does not publish (never assignable to what is needed). */
interface NotPublished<Id extends string> {
  notPublished: Id;
}

type PublishedModule<Id extends ExposedId> = Id extends `${infer Remote extends RemoteName}/${infer Name}`
  ? `./${Name}` extends keyof Published[Remote]
    ? Published[Remote][`./${Name}`]
    : NotPublished<Id>
  : never;

declare const published: { [Id in ExposedId]: PublishedModule<Id> };
declare const remotes: Published;

/** Every remote of shared/site.json publishes its types. */
export const everyRemotePublishes: Record<RemoteName, object> = remotes;
/** Every module the shell loads is published, in a shape the shell can use. */
export const shellCanUse: Needed = published;
