/**
 * /hosting/earnings (issue 29; issue 42, item 6): what the host's places earned, month by month of
 * check-in: each paid stay's dates, guest, place, its payout's state (upcoming, available, paid),
 * the amount the traveller paid (less any refund), the platform fee and the host's payout in the
 * listing's currency, with each month's totals, and the same figures as a CSV download.
 * Signed out, the page sends the visitor to /login, returning here.
 */
import { Link, useLocation } from 'shared/router';
import { skipToken } from '@reduxjs/toolkit/query';
import { useAppSelector } from 'shared/store';
import { selectIsLoggedIn } from 'shared/state';
import { EARNINGS_FEE_TEXT, REDIRECT_DELAY_MS, formatShownRange } from 'shared/rules';
import { loginPathReturningTo } from 'shared/url';
import { Skeleton } from 'shared/ui';
import { useRedirectWhenSignedOut } from 'shared/session';
import { useGetEarningsQuery } from '../api/earningsApi';
import { byMonth, formatMoney, monthLabel, stateText, statusText, type EarningsMonth } from '../earnings';
import { earningsCsv } from '../csv';
import styles from './Earnings.module.css';

const CSV_NAME = 'homestory-earnings.csv';

function download(months: readonly EarningsMonth[]) {
  const url = URL.createObjectURL(new Blob([earningsCsv(months)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = CSV_NAME;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function Month({ month }: { month: EarningsMonth }) {
  const titleId = `earnings-${month.month}`;
  return (
    <section className={styles.month} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.monthTitle}>
        {monthLabel(month.month)}
      </h2>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Dates</th>
            <th scope="col">Guest</th>
            <th scope="col">Place</th>
            <th scope="col">State</th>
            <th scope="col" className={styles.number}>
              Amount paid
            </th>
            <th scope="col" className={styles.number}>
              Platform fee
            </th>
            <th scope="col" className={styles.number}>
              Payout
            </th>
          </tr>
        </thead>
        <tbody>
          {month.earnings.map((e) => (
            <tr key={e.bookingId}>
              <td data-label="Dates">
                {formatShownRange(e.startDate, e.endDate)}
                {e.cancelled && <span className={styles.status}>{statusText(e)}</span>}
              </td>
              <td data-label="Guest">{e.guestName}</td>
              <td data-label="Place">{e.roomTitle}</td>
              <td data-label="State">
                <span className={styles[e.state]}>{stateText(e.state)}</span>
              </td>
              <td data-label="Amount paid" className={styles.number}>
                {formatMoney(e.amountCents, e.currency)}
              </td>
              <td data-label="Platform fee" className={styles.number}>
                {formatMoney(e.platformFeeCents, e.currency)}
              </td>
              <td data-label="Payout" className={styles.number}>
                {formatMoney(e.payoutCents, e.currency)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {month.totals.map((t) => (
            <tr key={t.currency}>
              <th scope="row" colSpan={4}>
                Total for {monthLabel(month.month)}
                {month.totals.length > 1 && ` in ${t.currency}`}
              </th>
              <td data-label="Amount paid" className={styles.number}>
                {formatMoney(t.amountCents, t.currency)}
              </td>
              <td data-label="Platform fee" className={styles.number}>
                {formatMoney(t.platformFeeCents, t.currency)}
              </td>
              <td data-label="Payout" className={styles.number}>
                {formatMoney(t.payoutCents, t.currency)}
              </td>
            </tr>
          ))}
        </tfoot>
      </table>
    </section>
  );
}

export function Earnings() {
  const { pathname } = useLocation();
  const signedIn = useAppSelector(selectIsLoggedIn);
  useRedirectWhenSignedOut(loginPathReturningTo(pathname), REDIRECT_DELAY_MS.tripsToLogin);
  const earnings = useGetEarningsQuery(signedIn ? undefined : skipToken);
  const months = earnings.data ? byMonth(earnings.data) : [];

  let content;
  if (!signedIn || earnings.isLoading) {
    content = <Skeleton className={styles.skeleton} />;
  } else if (earnings.isError) {
    content = (
      <p className={styles.error} role="alert">
        Your earnings could not be loaded.
      </p>
    );
  } else if (months.length === 0) {
    content = <p className={styles.hint}>No earnings yet. When travellers pay for stays at your places, they show here.</p>;
  } else {
    content = months.map((month) => <Month key={month.month} month={month} />);
  }

  return (
    <section className={styles.page} aria-labelledby="earnings-title">
      <Link to="/hosting" className={styles.back}>
        Your listings
      </Link>
      <div className={styles.header}>
        <h1 id="earnings-title" className={styles.title}>
          Earnings
        </h1>
        {months.length > 0 && (
          <button type="button" className={styles.download} onClick={() => download(months)}>
            Download CSV
          </button>
        )}
      </div>
      <p className={styles.hint}>{EARNINGS_FEE_TEXT} Stays are listed by the month of check-in, in each place's currency at the rate the stay was paid at. A stay's payout is available from the day after check-in and paid out in the next payout run.</p>
      {content}
    </section>
  );
}
