import { useOperator } from "../site/site-info.ts";
import { PolicyLayout } from "./PolicyLayout.tsx";

export default function RefundPolicyPage() {
  const { supportEmail } = useOperator();
  return (
    <PolicyLayout title="Refund Policy">
      <p>
        We want you to be happy with AI Dubbing. This policy explains when we refund a paid subscription (the
        Pro and Executive plans). The Free plan costs nothing and so has nothing to refund.
      </p>
      <h2>30-day refund window</h2>
      <p>
        You may ask for a full refund within <strong>30 days of purchase</strong>. After 30 days, payments are
        not refunded, but you can cancel at any time so that you are not charged again.
      </p>
      <h2>Who can ask</h2>
      <ul>
        <li>Refunds are available only while the subscription you paid for is still active.</li>
        <li>A subscription that has already been cancelled or has expired cannot be refunded.</li>
      </ul>
      <h2>How we decide</h2>
      <p>
        Every request is reviewed case by case. We look at, for example, how much of the plan's dubbing time
        was used and whether a technical problem on our side kept you from using the service. We may refund in
        part or decline a request that does not meet this policy.
      </p>
      <h2>How to ask</h2>
      <p>
        {supportEmail ? (
          <>
            Write to{" "}
            <a className="text-indigo-600 underline" href={`mailto:${supportEmail}`}>
              {supportEmail}
            </a>{" "}
            from
          </>
        ) : (
          "Contact us from"
        )}{" "}
        the e-mail address of your account, with the date of purchase and the reason. We answer within 5
        business days. Approved refunds go back to the original payment method; your bank may take a further
        5-10 business days to show them.
      </p>
      <h2>After a refund</h2>
      <p>
        When a refund is granted, the subscription ends and the account returns to the Free plan. Your
        projects stay available for the rest of their 30-day storage period.
      </p>
    </PolicyLayout>
  );
}
