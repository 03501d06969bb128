import { useState } from 'react';
import { type Room, useGetCancellationPolicyQuery, useGetListingFactsQuery, useGetRoomByIdQuery } from 'shared/api';
import { hostingDurationText, NO_FACTS, toIsoDay, type ListingFactsRead } from 'shared/rules';
import { PhotoCarousel, PhotoGallery, PhotoGrid } from '../../photos';
import { Reviews } from '../../reviews';
import { Location } from '../../location';
import { ContactHost } from '../../contact';
import { MobileReserveBar, PriceCard, StayCalendar } from '../../stay';
import { listingDescription, useDocumentMeta } from '../hooks/useDocumentMeta';
import { useRoomId } from '../hooks/useRoomId';
import { Amenities } from './Amenities';
import { Description } from './Description';
import { Highlights } from './Highlights';
import { HostBlock } from './HostBlock';
import { HostCard } from './HostCard';
import { ListingLoadError, ListingNotFound, ListingSkeleton } from './ListingStates';
import { formatRating, Overview, reviewsText } from './Overview';
import { SaveButton } from './SaveButton';
import { SectionNav } from './SectionNav';
import { SleepingArrangements } from './SleepingArrangements';
import { ThingsToKnow } from './ThingsToKnow';
import { TitleRow } from './TitleRow';
import styles from './ListingPage.module.css';


/** /house/:id: the listing, or a not-found page for an id that is not one. */
export function ListingPage() {
  const roomId = useRoomId();
  if (roomId === null) return <ListingNotFound />;
  return <ListingLoader key={roomId} roomId={roomId} />;
}

/** What a room without facts shows (none entered, nothing known of its host). */
const NO_READ: ListingFactsRead = {
  ...NO_FACTS,
  location_five_star_percent: null,
  host: { hosting_since: null, reviews: 0, rating: null, response_rate: null, response_time: null },
};

/** The room and its facts arrive before the page shows (one layout, nothing added later). */
function ListingLoader({ roomId }: { roomId: number }) {
  const roomRead = useGetRoomByIdQuery(roomId);
  const factsRead = useGetListingFactsQuery(roomId);

  if (roomRead.isLoading || factsRead.isLoading) return <ListingSkeleton />;
  if (roomRead.isError || factsRead.isError) {
    const retry = () => {
      if (roomRead.isError) void roomRead.refetch();
      if (factsRead.isError) void factsRead.refetch();
    };
    return <ListingLoadError onRetry={retry} retrying={roomRead.isFetching || factsRead.isFetching} />;
  }
  if (!roomRead.data) return <ListingNotFound />;
  return <ListingView room={roomRead.data} facts={factsRead.data ?? NO_READ} />;
}

/**
 * One page for every width: what differs between a phone (920px and narrower) and a wide screen
 * (the photo carousel or grid, the title above or below the photos, the price card or the bar at
 * the bottom) is chosen by the CSS, so the server's HTML is what each screen shows.
 */
function ListingView({ room, facts }: { room: Room; facts: ListingFactsRead }) {
  const title = room['house-title'];
  useDocumentMeta(
    title,
    listingDescription({ title, city: room.city, country: room.country, description: room.house_description }),
  );
  const [galleryAt, setGalleryAt] = useState<number | null>(null);
  const { data: policy } = useGetCancellationPolicyQuery(room.id);
  const hostingText = hostingDurationText(facts.host.hosting_since, toIsoDay(new Date()));

  return (
    <article className={styles.page}>
      <SectionNav />
      <div className={styles.top}>
        <TitleRow title={title} saveButton={<SaveButton roomId={room.id} />} />
        <section id="photos" className={styles.photos} aria-label="Photos" tabIndex={-1}>
          {room.images.length > 0 && (
            <>
              <div className={styles.smallOnly}>
                <PhotoCarousel title={title} images={room.images} onOpenGallery={setGalleryAt} />
              </div>
              <div className={styles.wideOnly}>
                <PhotoGrid title={title} images={room.images} onOpenGallery={setGalleryAt} />
              </div>
            </>
          )}
        </section>
      </div>
      <PhotoGallery title={title} images={room.images} openAt={galleryAt} onClose={() => setGalleryAt(null)} />
      <div className={styles.body}>
        <div className={styles.main}>
          <Overview room={room} />
          <HostBlock hostName={room.host_name} hostImage={room.host_image} hostingText={hostingText} />
          <Highlights facts={facts} />
          <Description text={room.house_description} />
          <SleepingArrangements bedrooms={room.bedroom_count} beds={room.bed_count} pictures={[room.sleep_bed_1_link, room.sleep_bed_2_link]} />
          <Amenities facts={facts} />
          <StayCalendar roomId={room.id} city={room.city} />
        </div>
        <aside className={styles.wideOnly} aria-label="Reservation">
          <div className={styles.sticky}>
            <PriceCard roomId={room.id} nightlyUsd={room.nightly_usd ?? 0} maxGuests={room.max_guests} />
          </div>
        </aside>
      </div>
      <Reviews
        roomId={room.id}
        rating={room.house_rating}
        ratingCount={room.rating_count}
        guestFavorite={room.guest_favorite}
        ratingText={formatRating(room.house_rating)}
        reviewsText={reviewsText(room.rating_count)}
      />
      <Location room={room} />
      <HostCard
        hostName={room.host_name}
        hostImage={room.host_image}
        hostDescription={room.host_description}
        figures={facts.host}
        hostingText={hostingText}
      />
      <ContactHost roomId={room.id} />
      <ThingsToKnow facts={facts} maxGuests={room.max_guests} policy={policy} />
      <div className={styles.smallOnly}>
        <MobileReserveBar roomId={room.id} nightlyUsd={room.nightly_usd ?? 0} maxGuests={room.max_guests} />
      </div>
    </article>
  );
}
