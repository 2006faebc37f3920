/**
 * Every route change lands at the top of the new page (spec §2), back and forward included
 * (docs/decisions/0005-scroll-to-top.md). Links load documents, which start at the top (or at their
 * #fragment); this inline head script (hashed into each page's CSP) makes back and forward do the same:
 * on such a load it turns the browser's scroll restoration off before the browser would restore, and
 * a page the back/forward cache restores is scrolled to the top as it is shown. A reload keeps the
 * browser's own restoration.
 */
export const landOnTopScript = `(function(){var n=performance.getEntriesByType("navigation")[0];history.scrollRestoration=n&&n.type==="back_forward"?"manual":"auto";addEventListener("pageshow",function(e){e.persisted&&scrollTo(0,0)})})()`;
