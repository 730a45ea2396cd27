# SPDX-License-Identifier: MIT
# Made by tools/make_lang.py from lang_it.py: do not edit (run it again).

"""The it strings packed (see i18n.py)."""

TEXT = (
    'Nessuna mano giocata.'  # acc_none
    'Dich. riuscite'  # acc_title
    '+ Aggiungi giocatore'  # add
    '{0} giorni fa'  # ago_days
    '{0} h fa'  # ago_h
    '{0} min fa'  # ago_min
    'Correggi una mano'  # amend
    'Correggi un giro'  # amend_round
    'Batteria'  # battery
    'Batteria esaurita: nessuna nuova partita finché non cambi le pile. La partita aperta è al sicuro.'  # battery_critical
    'Batteria scarica: cambia presto le pile.'  # battery_low
    'Dichiara'  # bid
    'Dichiarazioni'  # bids
    'al buio'  # blind_nil
    'B'  # blind_short
    'carta'  # card_one
    'carte'  # cards
    "Un nome ha da 1 a {0} lettere, senza spazi all'inizio o alla fine."  # cfg_name
    'Al massimo {0} nomi.'  # cfg_roster
    '{0} è già nella lista.'  # cfg_twice
    'Questa impostazione non accetta quel valore.'  # cfg_value
    'Bor'  # col_bags
    '+/-'  # col_change
    'Tot'  # col_total
    'Contrasto'  # contrast
    'Controllo registro'  # damage
    'M:'  # dealer_short
    'Elimina'  # delete
    'Elimina comunque'  # delete_anyway
    'Si perde. Sicuro?'  # delete_sure
    'Sì, eliminala'  # delete_yes
    'Partita eliminata'  # deleted
    'Attenua dopo'  # dim_after
    'di fronte'  # dir_across
    'non si passa'  # dir_hold
    'a sinistra'  # dir_left
    '2 a sinistra'  # dir_left2
    'a destra'  # dir_right
    '2 a destra'  # dir_right2
    'Modifica'  # edit
    '= il resto'  # filled_in
    'Classifica finale'  # final
    'OK: menu  ▲: mani'  # final_help
    'Gioca la prima carta'  # first_card
    'Mazziere'  # first_dealer
    'Cuori'  # g_hearts
    'Picche'  # g_spades
    'Wizard'  # g_wizard
    'Gioco'  # game
    'Partite'  # games
    'Mano'  # hand
    'Cuori'  # hearts
    'vietata'  # hint_forbidden
    'Menu principale'  # home
    'Errore interno: %s'  # internal_error
    'Chi ha il fante ♦?'  # jack
    'Fante ♦'  # jack_short
    'No, tienilo'  # keep_it
    'Lingua'  # language
    'Menu partita'  # menu
    'min'  # min_short
    'Cappotto'  # moon
    'INDIETRO: cappotto'  # moon_hint
    'OK  ◀ sopra  ▶ sotto'  # moon_keys
    'Cappotto: solo prima di inserire cuori (annullali prima).'  # moon_late
    'Chi fa cappotto?'  # moon_who
    'Sposta su'  # move_up
    'Nome'  # name
    '▲▼ lettera ◀▶ sposta'  # name_help
    'mai'  # never
    'Nuova partita'  # new_game
    '+ Nuovo nome'  # new_name
    'Dà {0}: {1}'  # next_deals
    'Dà {0}, {1}'  # next_deals_pass
    'nil'  # nil
    'Nessuna partita'  # no_games
    'Nessuna mano'  # no_hands
    'Non ancora sul PC!'  # not_on_pc
    '{0} byte'  # note_bytes
    "Un'impostazione aveva un valore errato: usati i valori predefiniti."  # note_cfg_bad
    'Impostazioni illeggibili: usati i valori predefiniti.'  # note_cfg_unreadable
    '{0}: la fine del suo registro era danneggiata.'  # note_cut
    'Conservati {0} record ({1}).'  # note_kept
    'Conservato {0} record ({1}).'  # note_kept_one
    '{0}: viene da un firmware più recente (formato {1}). Aggiorna il firmware.'  # note_newer
    '{0}: impossibile leggerlo ({1}).'  # note_read_failed
    "{0}: eliminato, un'interruzione di corrente ne ha fermato l'avvio."  # note_removed
    'Impossibile ripararlo ({0}): sola lettura.'  # note_stuck
    "{0}: un'interruzione di corrente ha troncato l'ultimo record."  # note_torn
    '{0}: non leggibile.'  # note_unreadable
    'Niente da annullare.'  # nothing_undo
    'no'  # off
    'Spegni dopo'  # off_after
    'poi OK: dichiarazioni'  # ok_reveal
    'sì'  # on
    'OK dichiara ▲▼ altro'  # pass_keys
    'Passa il segnapunti a'  # pass_to
    'giocata {0}'  # played_ago
    'Giocatori'  # players
    'Risparmio energia'  # power
    'Chi ha la donna ♠?'  # queen
    'Donna ♠'  # queen_short
    'a sorte'  # random
    'Non ammesso'  # refused
    'Riaprire {0} {1}?'  # reopen_q
    'Riprendi partita'  # resume
    'OK: riprendi'  # resume_help
    'OK riprendi ◀▶ altra'  # resume_help_many
    "C'è posto per circa {0} partite."  # room_n
    "C'è posto per 1 partita."  # room_one
    'posto {0}'  # room_short
    'Al massimo 12 nomi.'  # roster_full
    'Giro'  # round
    'Dic.'  # row_bid
    '♥'  # row_hearts
    'Pr.'  # row_tricks
    'dichiarazione fuori dai limiti.'  # rule_bid_range
    'il nil al buio non è in queste regole.'  # rule_blind_nil
    'le dichiarazioni non possono sommare le carte distribuite.'  # rule_even_bids
    'la partita è finita.'  # rule_game_over
    'i cuori presi vanno da 0 a 13.'  # rule_hearts_range
    'i cuori devono sommare 13.'  # rule_hearts_total
    'la dichiarazione nil (0) non è in queste regole.'  # rule_nil
    'non è il turno di questo giocatore.'  # rule_order
    'le regole non lo permettono.'  # rule_other
    'non ci possono essere tante prese.'  # rule_tricks_range
    'le prese devono sommare le carte distribuite.'  # rule_tricks_total
    "l'ultimo giro non ha briscola."  # rule_trump
    'Regole: %s'  # rules_of
    'Borse'  # s_bags
    'Dichiarazioni'  # s_bidding
    'Nil al buio'  # s_blind_nil
    'Somma esatta'  # s_even_bids
    'Cappotto'  # s_moon
    'Dichiarazione nil'  # s_nil
    'Omnibus'  # s_omnibus
    'Coppie'  # s_partners
    'Passaggio'  # s_passing
    'Se fallisci'  # s_set_penalty
    'Meta'  # s_target
    'Parità'  # s_tie
    'Nome ripetuto: %s'  # same_name
    'Punteggi'  # scores
    'Posto'  # seat
    's'  # sec_short
    'Impostazioni'  # settings
    'Sospendi dopo'  # sleep_after
    'Inizia comunque'  # space_anyway
    'Elimina la più antica'  # space_delete
    'Eliminate %d partite vecchie già sul PC.'  # space_deleted
    'Eliminata 1 partita vecchia già sul PC.'  # space_deleted_one
    'Memoria quasi piena'  # space_low
    'Sincronizza prima'  # space_sync
    'Inizia'  # start
    'iniziata {0}'  # started_ago
    '♣ Fiori'  # suit_C
    '♦ Quadri'  # suit_D
    '♥ Cuori'  # suit_H
    '♠ Picche'  # suit_S
    'nessuna'  # suit_none
    'dich.'  # sum_bids
    'oltre di'  # sum_over
    'prese'  # sum_tricks
    'sotto di'  # sum_under
    'Meta'  # target
    "Parità: un'altra mano"  # tie_more
    'TrickTally'  # title
    'Prese'  # tricks
    'Briscola'  # trump
    'Briscola del giro?'  # trump_q
    "Annulla l'ultimo"  # undo
    'Annullata modifica {0} {1}'  # undone_amend
    'Annullato: {0} {1}'  # undone_one
    'Annullato: {1} {0} {2}'  # undone_seat
    'sì'  # v_allowed
    'canadese'  # v_canadian
    'canad.+0'  # v_canadian_zero
    'a scelta'  # v_choice
    'tardive'  # v_delayed
    'coperte'  # v_hidden
    'a sinistra'  # v_left
    '-10/presa'  # v_minus_bid
    'mai'  # v_never
    'nessuno'  # v_none
    'aperte'  # v_open
    'altri +26'  # v_others_plus
    'altra mano'  # v_play_on
    'a rotazione'  # v_rotate
    'chi fa -26'  # v_self_minus
    'condivisa'  # v_shared
    '0 punti'  # v_zero
    '%s: %s'  # who
    'Scrittura fallita: %s'  # write_failed
)
STARTS = b'\x00\x00\x15\x00#\x007\x00D\x00L\x00V\x00g\x00w\x00\x7f\x00\xe0\x00\x08\x01\x10\x01\x1d\x01$\x01%\x01*\x01/\x01q\x01\x85\x01\x9b\x01\xc7\x01\xca\x01\xcd\x01\xd0\x01\xd9\x01\xeb\x01\xed\x01\xf4\x01\x04\x02\x15\x02"\x023\x02?\x02H\x02T\x02^\x02j\x02r\x02|\x02\x84\x02\x8e\x02\x9f\x02\xb0\x02\xc4\x02\xcc\x02\xd1\x02\xd7\x02\xdd\x02\xe2\x02\xe9\x02\xed\x02\xf2\x02\xf9\x02\x08\x03\x1a\x03,\x033\x03>\x03D\x03P\x03S\x03[\x03m\x03\x81\x03\xba\x03\xca\x03\xd3\x03\xd7\x03\xeb\x03\xee\x03\xfb\x03\x07\x04\x12\x04\x1d\x04 \x04/\x04;\x04M\x04U\x04\x98\x04\xcd\x04\xfb\x04\x17\x053\x05}\x05\x9d\x05\xdf\x05\t\x06F\x06Y\x06m\x06o\x06z\x06\x8f\x06\x91\x06\xa5\x06\xba\x06\xc5\x06\xce\x06\xdf\x06\xf1\x06\xf8\x06\xff\x06\n\x07\x1b\x07+\x077\x07K\x07k\x07\x83\x07\x8c\x07\x9f\x07\xa3\x07\xa7\x07\xa8\x07\xab\x07\xca\x07\xf0\x07*\x08>\x08\\\x08v\x08\xa6\x08\xc9\x08\xe5\x08\x07\t4\tR\t\\\ta\tn\ty\t\x85\t\x8d\t\x9e\t\xa5\t\xab\t\xb4\t\xbf\t\xc3\t\xc9\t\xda\t\xe2\t\xe7\t\xe8\t\xf4\t\x01\n\x10\n%\nM\nt\n\x87\n\x98\n\x9e\n\xaa\n\xb1\n\xb9\n\xc0\n\xc8\n\xcf\n\xd4\n\xdc\n\xe1\n\xe9\n\xed\n\x02\x0b\x0c\x0b\x11\x0b\x19\x0b+\x0b;\x0bU\x0bg\x0b}\x0b\x7f\x0b\x87\x0b\x8f\x0b\x97\x0b\x9e\x0b\xa5\x0b\xaf\x0b\xb8\x0b\xbb\x0b\xc2\x0b\xc8\x0b\xd1\x0b\xdb\x0b\xe6\x0b\xf0\x0b\xf9\x0b\x00\x0c\x06\x0c\x1b\x0c'
