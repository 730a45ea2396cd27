# SPDX-License-Identifier: MIT
# Made by tools/make_lang.py from lang_en.py: do not edit (run it again).

"""The en strings packed (see i18n.py)."""

TEXT = (
    'No hand played yet.'  # acc_none
    'Bids made'  # acc_title
    '+ Add a player'  # add
    '{0} days ago'  # ago_days
    '{0} h ago'  # ago_h
    '{0} min ago'  # ago_min
    'Amend a hand'  # amend
    'Amend a round'  # amend_round
    'Battery'  # battery
    'Battery flat: no new game until the cells are changed. The open game is safe.'  # battery_critical
    'Battery low: change the cells soon.'  # battery_low
    'Bid'  # bid
    'Bids'  # bids
    'blind nil'  # blind_nil
    'B'  # blind_short
    'card'  # card_one
    'cards'  # cards
    'A name is 1 to {0} letters, with no space at either end.'  # cfg_name
    'At most {0} names.'  # cfg_roster
    '{0} is already in the list.'  # cfg_twice
    'This setting takes no such value.'  # cfg_value
    'Bag'  # col_bags
    '+/-'  # col_change
    'Tot'  # col_total
    'Contrast'  # contrast
    'Journal check'  # damage
    'D:'  # dealer_short
    'Delete'  # delete
    'Delete anyway'  # delete_anyway
    'Lost for good. Sure?'  # delete_sure
    'Yes, delete it'  # delete_yes
    'Game deleted'  # deleted
    'Dim after'  # dim_after
    'pass across'  # dir_across
    'no passing'  # dir_hold
    'pass left'  # dir_left
    'pass 2 left'  # dir_left2
    'pass right'  # dir_right
    'pass 2 right'  # dir_right2
    'Edit'  # edit
    '= the rest'  # filled_in
    'Final standings'  # final
    'OK: home  ▲: hands'  # final_help
    'Lead the first card'  # first_card
    'First dealer'  # first_dealer
    'Hearts'  # g_hearts
    'Spades'  # g_spades
    'Wizard'  # g_wizard
    'Game'  # game
    'Games'  # games
    'Hand'  # hand
    'Hearts'  # hearts
    'not allowed'  # hint_forbidden
    'Home'  # home
    'Internal error: %s'  # internal_error
    'Who took the J♦?'  # jack
    'Jack ♦'  # jack_short
    'No, keep it'  # keep_it
    'Language'  # language
    'Game menu'  # menu
    'min'  # min_short
    'Shot the moon'  # moon
    'BACK: shot the moon'  # moon_hint
    'OK  ◀ above  ▶ below'  # moon_keys
    'Shot the moon: only before any hearts are entered (undo them first).'  # moon_late
    'Who shot the moon?'  # moon_who
    'Move up'  # move_up
    'Name'  # name
    '▲▼ letter ◀▶ move'  # name_help
    'never'  # never
    'New game'  # new_game
    '+ New name'  # new_name
    '{0} deals {1}'  # next_deals
    '{0} deals, {1}'  # next_deals_pass
    'nil'  # nil
    'No games yet'  # no_games
    'No hand yet'  # no_hands
    'Not on a PC yet!'  # not_on_pc
    '{0} bytes'  # note_bytes
    'A setting had a bad value: defaults used.'  # note_cfg_bad
    'Settings unreadable: defaults used.'  # note_cfg_unreadable
    '{0}: the end of its journal was damaged.'  # note_cut
    'Kept {0} records ({1}).'  # note_kept
    'Kept {0} record ({1}).'  # note_kept_one
    '{0}: from a newer firmware (format {1}). Update the firmware.'  # note_newer
    '{0}: could not be read ({1}).'  # note_read_failed
    '{0}: removed, a power cut interrupted its start.'  # note_removed
    'It could not be repaired ({0}): read only.'  # note_stuck
    '{0}: its last record was cut short by a power cut.'  # note_torn
    '{0}: not a readable game.'  # note_unreadable
    'Nothing to undo.'  # nothing_undo
    'off'  # off
    'Off after'  # off_after
    'then OK: show bids'  # ok_reveal
    'on'  # on
    'OK bid  ▲▼ choose'  # pass_keys
    'Pass the board to'  # pass_to
    'played {0}'  # played_ago
    'Players'  # players
    'Power saving'  # power
    'Who took the Q♠?'  # queen
    'Queen ♠'  # queen_short
    'Random'  # random
    'Refused'  # refused
    'Reopen {0} {1}?'  # reopen_q
    'Resume game'  # resume
    'OK: resume'  # resume_help
    'OK: resume  ◀▶ other'  # resume_help_many
    'Room for about {0} more games.'  # room_n
    'Room for 1 more game.'  # room_one
    'room {0}'  # room_short
    'The roster holds 12 names at most.'  # roster_full
    'Round'  # round
    'Bid'  # row_bid
    '♥'  # row_hearts
    'Won'  # row_tricks
    'that bid is out of range.'  # rule_bid_range
    'blind nil is off in these rules.'  # rule_blind_nil
    'the bids may not add up to the cards dealt.'  # rule_even_bids
    'the game has ended.'  # rule_game_over
    'hearts taken are 0 to 13.'  # rule_hearts_range
    'the hearts must add up to 13.'  # rule_hearts_total
    'a nil bid (0) is off in these rules.'  # rule_nil
    "it is not this player's turn."  # rule_order
    'the rules do not allow it.'  # rule_other
    'no one can take that many tricks.'  # rule_tricks_range
    'the tricks must add up to the cards dealt.'  # rule_tricks_total
    'the last round has no trump.'  # rule_trump
    'Rules: %s'  # rules_of
    'Bags'  # s_bags
    'Bidding'  # s_bidding
    'Blind nil'  # s_blind_nil
    'Even bids'  # s_even_bids
    'Moon'  # s_moon
    'Nil bid'  # s_nil
    'Omnibus'  # s_omnibus
    'Partners'  # s_partners
    'Passing'  # s_passing
    'Set'  # s_set_penalty
    'Target'  # s_target
    'Tie'  # s_tie
    'Name used twice: %s'  # same_name
    'Scores'  # scores
    'Seat'  # seat
    's'  # sec_short
    'Settings'  # settings
    'Sleep after'  # sleep_after
    'Start anyway'  # space_anyway
    'Delete oldest game'  # space_delete
    'Deleted %d old games the PC already has.'  # space_deleted
    'Deleted 1 old game the PC already has.'  # space_deleted_one
    'Flash almost full'  # space_low
    'Sync with PC first'  # space_sync
    'Start'  # start
    'started {0}'  # started_ago
    '♣ Clubs'  # suit_C
    '♦ Diamonds'  # suit_D
    '♥ Hearts'  # suit_H
    '♠ Spades'  # suit_S
    'no trump'  # suit_none
    'bids'  # sum_bids
    'over by'  # sum_over
    'tricks'  # sum_tricks
    'under by'  # sum_under
    'Target'  # target
    'Tie: one more hand'  # tie_more
    'TrickTally'  # title
    'Tricks'  # tricks
    'Trump'  # trump
    'Trump this round?'  # trump_q
    'Undo last entry'  # undo
    'Undone: change to {0} {1}'  # undone_amend
    'Undone: {0} {1}'  # undone_one
    "Undone: {0}'s {1} {2}"  # undone_seat
    'allowed'  # v_allowed
    'Canadian'  # v_canadian
    'Canad.+0'  # v_canadian_zero
    'choose'  # v_choice
    'delayed'  # v_delayed
    'hidden'  # v_hidden
    'left'  # v_left
    '-10/bid'  # v_minus_bid
    'never'  # v_never
    'none'  # v_none
    'open'  # v_open
    'others +26'  # v_others_plus
    'play on'  # v_play_on
    'rotate'  # v_rotate
    'shooter -26'  # v_self_minus
    'shared'  # v_shared
    '0 points'  # v_zero
    '%s: %s'  # who
    'Flash write failed: %s'  # write_failed
)
STARTS = b'\x00\x00\x13\x00\x1c\x00*\x006\x00?\x00J\x00V\x00c\x00j\x00\xb7\x00\xda\x00\xdd\x00\xe1\x00\xea\x00\xeb\x00\xef\x00\xf4\x00,\x01>\x01Y\x01z\x01}\x01\x80\x01\x83\x01\x8b\x01\x98\x01\x9a\x01\xa0\x01\xad\x01\xc1\x01\xcf\x01\xdb\x01\xe4\x01\xef\x01\xf9\x01\x02\x02\r\x02\x17\x02#\x02\'\x021\x02@\x02R\x02e\x02q\x02w\x02}\x02\x83\x02\x87\x02\x8c\x02\x90\x02\x96\x02\xa1\x02\xa5\x02\xb7\x02\xc7\x02\xcd\x02\xd8\x02\xe0\x02\xe9\x02\xec\x02\xf9\x02\x0c\x03 \x03d\x03v\x03}\x03\x81\x03\x92\x03\x97\x03\x9f\x03\xa9\x03\xb6\x03\xc4\x03\xc7\x03\xd3\x03\xde\x03\xee\x03\xf7\x03 \x04C\x04k\x04\x82\x04\x98\x04\xd5\x04\xf2\x04"\x05L\x05~\x05\x97\x05\xa7\x05\xaa\x05\xb3\x05\xc5\x05\xc7\x05\xd8\x05\xe9\x05\xf3\x05\xfa\x05\x06\x06\x16\x06\x1d\x06#\x06*\x069\x06D\x06N\x06b\x06\x80\x06\x95\x06\x9d\x06\xbf\x06\xc4\x06\xc7\x06\xc8\x06\xcb\x06\xe4\x06\x04\x07/\x07B\x07[\x07x\x07\x9c\x07\xb9\x07\xd3\x07\xf4\x07\x1e\x08:\x08C\x08G\x08N\x08W\x08`\x08d\x08k\x08r\x08z\x08\x81\x08\x84\x08\x8a\x08\x8d\x08\xa0\x08\xa6\x08\xaa\x08\xab\x08\xb3\x08\xbe\x08\xca\x08\xdc\x08\x04\t*\t;\tM\tR\t]\td\tn\tv\t~\t\x86\t\x8a\t\x91\t\x97\t\x9f\t\xa5\t\xb7\t\xc1\t\xc7\t\xcc\t\xdd\t\xec\t\x05\n\x14\n)\n0\n8\n@\nF\nM\nS\nW\n^\nc\ng\nk\nu\n|\n\x82\n\x8d\n\x93\n\x9b\n\xa1\n\xb7\n'
