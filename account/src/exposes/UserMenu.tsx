import { UserMenu } from '../features/user-menu/components/UserMenu';

export default UserMenu;
