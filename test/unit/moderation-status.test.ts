import { expect } from 'chai';
import { describeLogEntry } from '../../server/modules/audit/describe';
import { mayCancel } from '../../server/modules/moderation/rules';
import { pageStatus } from '../../server/modules/pages/status';
import { buildPagePermissions } from '../../server/modules/permissions/policy';

describe('moderation: status strings, reviewers and history wording', () => {
  const base = { live: false, expired: false, has_unpublished_changes: true, scheduled: false };

  it("words a page in moderation as Wagtail's status_string does", () => {
    expect(pageStatus({ ...base, in_moderation: true })).to.equal('in moderation');
    expect(pageStatus({ ...base, live: true, in_moderation: true })).to.equal('live + in moderation');
    // Expired and scheduled win over moderation, as in Wagtail.
    expect(pageStatus({ ...base, expired: true, in_moderation: true })).to.equal('expired');
    expect(pageStatus({ ...base, scheduled: true, in_moderation: true })).to.equal('scheduled');
    expect(pageStatus({ ...base, live: true, scheduled: true, in_moderation: true })).to.equal('live + scheduled');
    expect(pageStatus({ ...base, in_moderation: false })).to.equal('draft');
    expect(pageStatus({ ...base, live: true, in_moderation: false })).to.equal('live + draft');
  });

  it('lets the submitter or editors cancel', () => {
    const page = { id: 5, path: '000100010001', owner_id: null, numchild: 0 };
    const editor = buildPagePermissions({ id: 1, is_superuser: false }, [
      { permission_type: 'change', path: '00010001' },
    ]);
    const outsider = buildPagePermissions({ id: 3, is_superuser: false }, [
      { permission_type: 'change', path: '00010002' },
    ]);
    expect(mayCancel(editor, page, undefined)).to.equal(true);
    expect(mayCancel(outsider, page, { requested_by_id: 1 })).to.equal(false);
    // The submitter may cancel even after losing the right to edit.
    expect(mayCancel(outsider, page, { requested_by_id: 3 })).to.equal(true);
  });

  it('describes the moderation entries of the history readably', () => {
    expect(describeLogEntry({ action: 'workflow.start', data: {} })).to.equal('Submitted for moderation');
    expect(describeLogEntry({ action: 'workflow.approve', data: {} })).to.equal('Approved and published');
    expect(describeLogEntry({ action: 'workflow.reject', data: { comment: 'Add prices' } })).to.equal(
      'Changes requested: Add prices',
    );
    expect(describeLogEntry({ action: 'workflow.reject', data: { comment: '' } })).to.equal('Changes requested');
    expect(describeLogEntry({ action: 'workflow.cancel', data: {} })).to.equal('Workflow cancelled');
    expect(describeLogEntry({ action: 'workflow.cancel', data: { reason: 'published' } })).to.equal(
      'Workflow cancelled (published directly)',
    );
    expect(describeLogEntry({ action: 'workflow.approve', data: { comment: 'Fine' } })).to.equal(
      'Approved and published: Fine',
    );
    expect(
      describeLogEntry({ action: 'workflow.approve_task', data: { task: 'Copy', next_task: 'Legal', comment: 'ok' } }),
    ).to.equal("Approved 'Copy': ok (next: 'Legal')");
    expect(describeLogEntry({ action: 'workflow.restart_task', data: { task: 'Legal' } })).to.equal(
      "'Legal' restarted on a new draft",
    );
    expect(describeLogEntry({ action: 'workflow.cancel', data: { reason: 'workflow_disabled' } })).to.equal(
      'Workflow cancelled (the workflow was disabled)',
    );
    expect(describeLogEntry({ action: 'workflow.resubmit', data: {} })).to.equal('Resubmitted for moderation');
  });
});
