import { PREMIUM_BANNER, PREMIUM_BANNER_BUTTON, TAKE_SURVEY } from '@assent/core/property';
import { AnchorButton, Button, Callout } from '@blueprintjs/core';
import { StarIcon } from '@blueprintjs/icons';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../app/paths';
import { PREMIUM_BANNER_TEXT } from './copy';
import { useSurveyFilled } from './survey';

const SurveyModal = lazy(() => import('./SurveyModal'));

/**
 * 'CMP Premium coming soon' with 'Unlock Premium for FREE' (the monetisation page) and, while the
 * survey is not filled, 'TAKE QUICK SURVEY'.
 */
export function PremiumBanner({ pCode }: { pCode: string }) {
  const navigate = useNavigate();
  const filled = useSurveyFilled(pCode);
  const [surveying, setSurveying] = useState(false);
  return (
    <Callout
      intent="primary"
      icon={<StarIcon />}
      title={PREMIUM_BANNER}
      className="assent-premium-banner"
    >
      <div className="assent-premium-banner-body">
        <span>{PREMIUM_BANNER_TEXT}</span>
        <span className="assent-premium-banner-actions">
          <Button
            intent="primary"
            text={PREMIUM_BANNER_BUTTON}
            onClick={() => navigate(paths.monetisation(pCode))}
          />
          {filled === false ? (
            <AnchorButton
              variant="minimal"
              intent="primary"
              text={TAKE_SURVEY}
              onClick={() => setSurveying(true)}
            />
          ) : null}
        </span>
      </div>
      {surveying ? (
        <Suspense fallback={null}>
          <SurveyModal pCode={pCode} onClose={() => setSurveying(false)} />
        </Suspense>
      ) : null}
    </Callout>
  );
}
