/** The Homestory mark and word, drawn inline so the header needs no extra request. */
export function Logo() {
  return (
    <svg width="132" height="32" viewBox="0 0 132 32" role="img" aria-hidden="true" focusable="false">
      <path
        d="M16 3 3 14.5V29h9.5v-8h7v8H29V14.5L16 3Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.6"
        strokeLinejoin="round"
      />
      <text x="36" y="23" fill="currentColor" fontFamily="inherit" fontSize="19" fontWeight="700" letterSpacing="-0.3">
        homestory
      </text>
    </svg>
  );
}
