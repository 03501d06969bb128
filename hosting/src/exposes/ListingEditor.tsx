import { ListingEditor } from '../features/hosting/components/ListingEditor';

export default ListingEditor;
