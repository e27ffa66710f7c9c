import { useOAuthProviders } from "../site/site-info.ts";
import { PolicyLayout, SupportContact } from "./PolicyLayout.tsx";

export default function PrivacyPage() {
  const google = useOAuthProviders().includes("google");
  return (
    <PolicyLayout title="Privacy Policy">
      <p>This policy explains what personal data AI Dubbing collects, why, and the choices you have.</p>
      <h2>What we collect</h2>
      <ul>
        <li>Your e-mail address, used to sign you in and to contact you about your account.</li>
        <li>
          The videos you upload and what we derive from them: audio, transcripts, speaker labels, translations
          and dubbed videos.
        </li>
        <li>
          Usage figures such as the minutes transcribed and dubbed each month, to apply your plan's limits.
        </li>
        <li>
          Billing status (whether a subscription is active). Card details are handled by our payment provider
          only.
        </li>
      </ul>
      <h2>How we use it</h2>
      <p>
        Only to provide and improve the service: to process your videos, keep your projects, bill you and
        answer support requests. We do not sell personal data and we do not use your videos to train models.
      </p>
      <h2>Sign-in</h2>
      <p>
        You sign in with an e-mail magic link, handled by this service's own identity provider
        {google ? "; if you choose Google sign-in, Google confirms your e-mail address to us" : ""}. A session
        cookie keeps you signed in; it is strictly necessary and not used for advertising.
      </p>
      <h2>How long we keep it</h2>
      <p>
        Videos and dubs are deleted 30 days after upload. Account data is kept while your account exists,
        except records we must keep by law (such as invoices).
      </p>
      <h2>Deleting your data yourself</h2>
      <p>
        Deleting a project removes at once its video, transcript, translations, dubbed videos and subtitles,
        and stops any work running on it; deleting a translation or a storyboard removes it and its files the
        same way. Deleting your account (Account → Delete account) cancels your subscription and removes your
        account, every project and storyboard, and your sign-in details and sessions. Files our storage cannot
        remove at that moment are retried automatically and gone within a day. A download of your data
        (Account → Download my data) is kept for 7 days.
      </p>
      <h2>Children</h2>
      <p>
        The service is not meant for children under 13, and we do not knowingly collect data from them. If you
        believe a child under 13 has given us personal data, tell us and we will delete it.
      </p>
      <h2>Your rights</h2>
      <p>You can see, export and delete your data on your Account page.</p>
      <SupportContact before="To ask us to correct it, write to" />
    </PolicyLayout>
  );
}
