/**
 * One-bundle stand-in for shell/src/federation/loadRemoteModule.ts: every exposed module is
 * imported directly into the bundle, so the same pages render with no federation at all.
 */
import type { ExposedId, ExposedModules } from '../../../../shared/src/federation/contracts';
import CategoryStrip from '../../../../discovery/src/exposes/CategoryStrip';
import Home from '../../../../discovery/src/exposes/Home';
import SearchBar from '../../../../discovery/src/exposes/SearchBar';
import HouseDetail from '../../../../listing/src/exposes/HouseDetail';
import AccountSettings from '../../../../account/src/exposes/AccountSettings';
import Conversation from '../../../../account/src/exposes/Conversation';
import LoginDialog from '../../../../account/src/exposes/LoginDialog';
import LoginPage from '../../../../account/src/exposes/LoginPage';
import Messages from '../../../../account/src/exposes/Messages';
import Notifications from '../../../../account/src/exposes/Notifications';
import PersonalInfo from '../../../../account/src/exposes/PersonalInfo';
import ResetPassword from '../../../../account/src/exposes/ResetPassword';
import Trip from '../../../../account/src/exposes/Trip';
import Trips from '../../../../account/src/exposes/Trips';
import UserMenu from '../../../../account/src/exposes/UserMenu';
import Wishlist from '../../../../account/src/exposes/Wishlist';
import BookingPage from '../../../../checkout/src/exposes/BookingPage';
import Earnings from '../../../../hosting/src/exposes/Earnings';
import HostCalendar from '../../../../hosting/src/exposes/HostCalendar';
import Hosting from '../../../../hosting/src/exposes/Hosting';
import ListingEditor from '../../../../hosting/src/exposes/ListingEditor';

const modules: ExposedModules = {
  'discovery/Home': Home,
  'discovery/SearchBar': SearchBar,
  'discovery/CategoryStrip': CategoryStrip,
  'listing/HouseDetail': HouseDetail,
  'account/UserMenu': UserMenu,
  'account/LoginDialog': LoginDialog,
  'account/LoginPage': LoginPage,
  'account/ResetPassword': ResetPassword,
  'account/Wishlist': Wishlist,
  'account/Trips': Trips,
  'account/Trip': Trip,
  'account/AccountSettings': AccountSettings,
  'account/PersonalInfo': PersonalInfo,
  'account/Messages': Messages,
  'account/Conversation': Conversation,
  'account/Notifications': Notifications,
  'checkout/BookingPage': BookingPage,
  'hosting/Hosting': Hosting,
  'hosting/ListingEditor': ListingEditor,
  'hosting/HostCalendar': HostCalendar,
  'hosting/Earnings': Earnings,
};

export async function loadRemoteModule<K extends ExposedId>(id: K): Promise<ExposedModules[K]> {
  return modules[id];
}
