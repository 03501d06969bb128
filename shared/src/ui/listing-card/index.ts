export { ListingCard, type ListingCardProps, type ListingCardRoom } from './ListingCard';
export { CARD_IMAGE_SIZES, photoSources } from './cardPhoto';
export { hasPhotoWidths, PHOTO_WIDTHS, photoSrcSet, photoUrl, type PhotoWidth } from './photoUrls';
export { ListingCardSkeleton } from './ListingCardSkeleton';
