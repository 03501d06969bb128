export { ListingCard, type ListingCardProps, type ListingCardRoom } from './ListingCard';
export { CARD_IMAGE_SIZES } from './cardPhoto';
export { ListingCardSkeleton } from './ListingCardSkeleton';
