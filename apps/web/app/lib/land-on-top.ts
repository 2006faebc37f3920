/**
 * Every route change lands at the top of the new page (spec §2), back and forward included
 * (docs/decisions/0005-scroll-to-top.md). Links load documents, which start at the top (or at their
 * #fragment). For back and forward, this inline head script (hashed into each page's CSP) turns the
 * browser's scroll restoration off for the page's history entry as the page loads: whether to restore is
 * decided by how an entry was left, so the switch must come before the visitor leaves (set on arrival at
 * a back/forward page it is too late: the browser restores while the page is parsed). A page the
 * back/forward cache keeps is scrolled to the top (or to its #fragment's target) as it is shown again.
 * A reload lands at the top too.
 */
export const landOnTopScript = `(function(){history.scrollRestoration="manual";addEventListener("pageshow",function(e){if(!e.persisted)return;var h=location.hash,t=h&&document.getElementById(decodeURIComponent(h.slice(1)));t?t.scrollIntoView():scrollTo(0,0)})})()`;
