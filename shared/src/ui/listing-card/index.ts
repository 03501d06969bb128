export { ListingCard, CARD_IMAGE_SIZES, type ListingCardProps, type ListingCardRoom } from './ListingCard';
export { ListingCardSkeleton } from './ListingCardSkeleton';
