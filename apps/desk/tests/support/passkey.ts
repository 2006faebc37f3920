import type { Page } from "@playwright/test";

/**
 * A platform authenticator for one page, through the DevTools protocol's WebAuthn domain: CTAP2,
 * internal transport, resident keys (discoverable passkeys), user verification that succeeds, and
 * presence given automatically (no prompt). It lives as long as the page's CDP session.
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    async credentials() {
      return (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;
    },
  };
}
