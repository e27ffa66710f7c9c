import { Link } from "react-router";
import { useOAuthProviders } from "../site/site-info.ts";
import { PolicyLayout, SupportContact } from "./PolicyLayout.tsx";

export default function TermsPage() {
  const google = useOAuthProviders().includes("google");
  return (
    <PolicyLayout title="Terms of Service">
      <p>
        These terms govern your use of AI Dubbing, a service that transcribes, translates and dubs videos with
        AI voices. By creating an account or using the service you agree to them.
      </p>
      <h2>1. Who may use the service</h2>
      <p>
        You must be at least <strong>13 years old</strong> to use AI Dubbing. If you are under the age of
        majority where you live, a parent or legal guardian must agree to these terms for you. You sign in
        with an e-mail magic link{google ? " or your Google account" : ""} and are responsible for the
        security of your e-mail account.
      </p>
      <h2>2. Your content</h2>
      <ul>
        <li>
          You keep all rights to the videos you upload and the transcripts, translations and dubs you create.
        </li>
        <li>
          You must own your videos or have permission to upload, translate and dub them, including the voices
          and likenesses of the people in them.
        </li>
        <li>
          You give us the limited permission we need to store and process your content solely to provide the
          service to you.
        </li>
        <li>
          You may not upload unlawful, infringing, hateful or deceptive content, or use dubs to impersonate
          others.
        </li>
      </ul>
      <h2>3. Storage</h2>
      <p>
        Uploaded videos and their dubs are kept in cloud storage for <strong>30 days</strong> after upload and
        then deleted. Download anything you want to keep before then.
      </p>
      <h2>4. Plans and payment</h2>
      <p>
        The Free plan includes 30 minutes of video per month. The Pro plan ($149 per month, or $109 per month
        billed yearly) includes 20 hours per month and the Executive plan ($1,349 per month, or $999 per month
        billed yearly) includes 200 hours per month. Paid plans renew automatically until cancelled. Refunds
        follow our{" "}
        <Link className="text-indigo-600 underline" to="/refund-policy">
          Refund Policy
        </Link>
        .
      </p>
      <h2>5. AI output</h2>
      <p>
        Transcripts, translations and voices are produced automatically and may contain mistakes. Review them
        before you publish. The service is provided "as is", without warranties of any kind, to the extent the
        law allows.
      </p>
      <h2>6. Ending your use</h2>
      <p>
        You may stop using the service at any time. We may suspend accounts that break these terms. Our
        liability is limited to the amount you paid us in the 12 months before the claim.
      </p>
      <SupportContact before="Questions about these terms:" />
    </PolicyLayout>
  );
}
