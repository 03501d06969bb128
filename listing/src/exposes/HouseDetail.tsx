import { ListingPage } from '../features/houseDetail/components/ListingPage';

/** listing/HouseDetail: the /house/:id page. */
export default function HouseDetail() {
  return <ListingPage />;
}
