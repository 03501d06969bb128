import { Wishlist } from '../features/wishlist/components/Wishlist';

export default Wishlist;
