import { randomUUID } from 'node:crypto';
import type { ChatsResponse } from '../src/shared/contracts/chat.ts';
import { memberContext, memberPage, PIETER } from './demo-members.ts';
import { expect, expectAccessible, test, watchCsp } from './fixtures.ts';
import { DEMO_OPERATOR, staffLogInByApi } from './staff-logins.ts';

// An operator and a member side by side: the member writes to a fictional profile, the operator
// claims the conversation from the queue, types and answers; the member sees the typing and the
// answer live, from the profile.
test('an operator answers a member as a fictional profile, live, the member never told who', async ({
  browser,
}) => {
  // The premium login: the free one's credits are the other journeys' to spend (its send failed
  // for want of credits when a chat journey had run before on the same server).
  const member = await memberPage(browser, PIETER, 1280);
  const chats = (await (
    await member.request.get('/api/chats.php', { headers: { 'x-request-type': 'client' } })
  ).json()) as ChatsResponse;
  const chat = chats.chats.find((entry) => entry.profile.fictional);
  if (!chat) throw new Error('the demo login has no conversation with a fictional profile');
  const profile = chat.profile;
  await member.goto(`/chats/${chat.conversation.id}`);
  const composer = member.getByRole('textbox', { name: `Bericht aan ${profile.name}` });
  const log = member.getByRole('log', { name: `Berichten met ${profile.name}` });
  const hello = `Ben je er nog? (${randomUUID().slice(0, 8)})`;
  await composer.fill(hello);
  await composer.press('Enter');
  await expect(log.locator('.chat-bubble.own', { hasText: hello })).not.toHaveClass(/pending/);

  // The operator, in a browser of their own, logged in through the API (password and code).
  const staffContext = await memberContext(browser, { width: 1280 });
  await watchCsp(staffContext);
  await staffLogInByApi(staffContext.request, DEMO_OPERATOR);
  const operator = await staffContext.newPage();
  await operator.goto(`/admin/operators?profile=${profile.id}`);
  const row = operator.locator(`tr[data-conversation="${chat.conversation.id}"]`);
  await expect(row).toContainText(profile.name);
  await expectAccessible(operator);
  // Opened from the queue, read first, then claimed.
  await row.getByRole('link', { name: 'Openen' }).click();
  await expect(operator).toHaveURL(new RegExp(`/admin/operators/${chat.conversation.id}$`));
  await expect(operator.getByTestId('operator-history')).toContainText(hello);
  await operator.getByRole('button', { name: 'Claimen', exact: true }).click();
  const reply = operator.getByRole('textbox', { name: `Antwoorden als ${profile.name}` });
  await expectAccessible(operator);

  // The operator types: the member sees the profile typing.
  await reply.fill('Ja hoor, ik ben er!');
  await expect(
    member.getByRole('status').filter({ hasText: `${profile.name} is aan het typen…` }),
  ).toBeVisible();
  const answer = `Ja hoor, ik ben er! (${randomUUID().slice(0, 8)})`;
  await reply.fill(answer);
  await operator.getByRole('button', { name: 'Versturen' }).click();
  await expect(operator.getByRole('status')).toContainText('Antwoord verstuurd.');
  await expect(operator.getByTestId('operator-history')).toContainText(answer);

  // The member sees the answer live, from the profile.
  await expect(log.locator('.chat-bubble.theirs', { hasText: answer })).toBeVisible();
  await expectAccessible(member);

  // One key to the next waiting conversation (the demo data's members wait for other profiles).
  await operator.keyboard.press('n');
  await expect(operator).toHaveURL(/\/admin\/operators\/\d+$/);
  await expect(operator).not.toHaveURL(new RegExp(`/admin/operators/${chat.conversation.id}$`));
  await expect(operator.getByRole('textbox', { name: /^Antwoorden als / })).toBeVisible();
  await staffContext.close();
  await member.context().close();
});
