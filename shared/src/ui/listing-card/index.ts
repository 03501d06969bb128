export { ListingCard, type ListingCardProps, type ListingCardRoom } from './ListingCard';
export { CARD_IMAGE_SIZES, photoSources } from './cardPhoto';
export { ListingCardSkeleton } from './ListingCardSkeleton';
