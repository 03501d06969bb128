/** The search form slice, injected once by the discovery remote, and its root-state selectors. */
import { injectFormSlice } from 'shared/store';

export const form = injectFormSlice();
export const {
  selectRegion,
  selectDestinationInput,
  selectDateOption,
  selectActiveInput,
  selectMonths,
  selectStayDuration,
  selectCurDot,
  selectStartDurationDate,
  selectGuestSummary,
  selectDateRange,
  selectDateFlexibilityDays,
  selectGuestCounts,
  selectSearchSummary,
  selectDraftCriteria,
  selectDraftWhen,
} = form.selectors;
