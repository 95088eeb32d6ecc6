import { Button } from '@blueprintjs/core';
import { DownloadIcon } from '@blueprintjs/icons';
import { useMutation } from '@tanstack/react-query';
import { useClient } from '../app/ServicesContext';
import { useAlerts } from '../components/alerts';
import { saveFile } from '../components/download';

export const SDK_BUTTON = 'DOWNLOAD SDK';
export const SDK_FILE_NAME = 'assent-sdk.zip';

/** Downloads the SDK package for apps (GET /customization/v2/app/sdk). */
export function SdkDownloadButton() {
  const client = useClient();
  const alerts = useAlerts();
  const download = useMutation({
    mutationFn: () => client.apps.sdk(),
    onSuccess: (bytes) => saveFile(new Blob([bytes], { type: 'application/zip' }), SDK_FILE_NAME),
    onError: (error) => alerts.error(error, 'SDK download failed'),
  });
  return (
    <Button
      variant="minimal"
      icon={<DownloadIcon />}
      text={SDK_BUTTON}
      loading={download.isPending}
      onClick={() => download.mutate()}
    />
  );
}
