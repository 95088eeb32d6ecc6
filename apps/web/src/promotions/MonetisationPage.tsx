import { shouldShowSspTermsModal, sspEventType } from '@assent/core/account';
import { AnchorButton, Button, Card, H2, H3, H4 } from '@blueprintjs/core';
import { ShareIcon } from '@blueprintjs/icons';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useAccount, useOrganisation } from '../app/AccountContext';
import { paths } from '../app/paths';
import { PRODUCT_SLUG, SSP_PORTAL_URL, SSP_RESOURCES_URL } from '../app/product';
import { useClient } from '../app/ServicesContext';
import { BackLink } from '../components/BackLink';
import { MONETISATION } from './copy';

const TermsModal = lazy(() => import('./TermsModal'));

/**
 * The supply-side platform promotion: 'Back to Consent Management', the 'Monetisation portal'
 * hero, the three 'Why' cards, a partner quote, publisher logos and 'Visit Support & Resources'.
 * Going to the platform first asks for the terms when either acceptance is missing, then posts the
 * {PRODUCT}_SSP banner event (its result is only logged) and opens the platform in a new tab.
 */
export default function MonetisationPage() {
  const { pCode, user } = useAccount();
  const organisation = useOrganisation();
  const client = useClient();
  const [askTerms, setAskTerms] = useState(false);
  useEffect(() => {
    document.title = `${MONETISATION.hero} · Assent`;
  }, []);

  const openPlatform = () => {
    window.open(SSP_PORTAL_URL, '_blank', 'noopener,noreferrer');
    client.feedback
      .postCopBannerEvent({ body: { pcode: pCode, eventType: sspEventType(PRODUCT_SLUG) } })
      .catch((error: unknown) => console.error('Assent: SSP banner event failed', error));
  };
  const goToPlatform = () => {
    if (organisation && shouldShowSspTermsModal(organisation)) setAskTerms(true);
    else openPlatform();
  };

  return (
    <article className="assent-monetisation">
      <BackLink to={paths.properties(pCode)} text={MONETISATION.back} />
      <header className="assent-hero">
        <H2>{MONETISATION.hero}</H2>
        <p>{MONETISATION.heroText}</p>
        <Button
          intent="primary"
          size="large"
          endIcon={<ShareIcon />}
          text={MONETISATION.goTo}
          onClick={goToPlatform}
        />
      </header>
      <section aria-labelledby="assent-why">
        <H3 id="assent-why">{MONETISATION.why}</H3>
        <div className="assent-cards">
          {MONETISATION.cards.map((card) => (
            <Card key={card.title} elevation={1}>
              <H4>{card.title}</H4>
              <p>{card.text}</p>
            </Card>
          ))}
        </div>
      </section>
      <figure className="assent-quote">
        <blockquote>{MONETISATION.quote}</blockquote>
        <figcaption>{MONETISATION.quoteAuthor}</figcaption>
      </figure>
      <section aria-labelledby="assent-trusted">
        <H3 id="assent-trusted">{MONETISATION.trustedBy}</H3>
        <ul className="assent-logos">
          {MONETISATION.logos.map((logo) => (
            <li key={logo}>{logo}</li>
          ))}
        </ul>
      </section>
      <AnchorButton
        href={SSP_RESOURCES_URL}
        target="_blank"
        rel="noopener noreferrer"
        endIcon={<ShareIcon />}
        text={MONETISATION.resources}
      />
      {askTerms && organisation ? (
        <Suspense fallback={null}>
          <TermsModal
            organisation={organisation}
            email={user.email}
            onClose={() => setAskTerms(false)}
            onAccepted={() => {
              setAskTerms(false);
              openPlatform();
            }}
          />
        </Suspense>
      ) : null}
    </article>
  );
}
