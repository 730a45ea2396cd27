# SPDX-License-Identifier: MIT
# Made by tools/make_lang.py from lang_fr.py: do not edit (run it again).

"""The fr strings packed (see i18n.py)."""

TEXT = (
    'Aucune donne jouée.'  # acc_none
    'Mises réussies'  # acc_title
    '+ Ajouter un joueur'  # add
    'il y a {0} jours'  # ago_days
    'il y a {0} h'  # ago_h
    'il y a {0} min'  # ago_min
    'Corriger une donne'  # amend
    'Corriger un tour'  # amend_round
    'Batterie'  # battery
    'Batterie vide : pas de nouvelle partie avant de changer les piles. La partie ouverte est en sûreté.'  # battery_critical
    'Batterie faible : change bientôt les piles.'  # battery_low
    'Mise'  # bid
    'Mises'  # bids
    'aveugle'  # blind_nil
    'A'  # blind_short
    'carte'  # card_one
    'cartes'  # cards
    'Un nom a de 1 à {0} lettres, sans espace au début ni à la fin.'  # cfg_name
    '{0} noms au plus.'  # cfg_roster
    '{0} est déjà dans la liste.'  # cfg_twice
    "Ce réglage n'accepte pas cette valeur."  # cfg_value
    'Sac'  # col_bags
    '+/-'  # col_change
    'Tot'  # col_total
    'Contraste'  # contrast
    'Contrôle du journal'  # damage
    'D :'  # dealer_short
    'Supprimer'  # delete
    'Supprimer quand même'  # delete_anyway
    'Perdue pour de bon ?'  # delete_sure
    'Oui, supprimer'  # delete_yes
    'Partie supprimée'  # deleted
    'Atténuer après'  # dim_after
    'en face'  # dir_across
    'on garde'  # dir_hold
    'à gauche'  # dir_left
    '2 à gauche'  # dir_left2
    'à droite'  # dir_right
    '2 à droite'  # dir_right2
    'Modifier'  # edit
    '= le reste'  # filled_in
    'Classement final'  # final
    'OK accueil  ▲ donnes'  # final_help
    'Joue la 1re carte'  # first_card
    'Donneur'  # first_dealer
    'Dame de pique'  # g_hearts
    'Pique'  # g_spades
    'Wizard'  # g_wizard
    'Jeu'  # game
    'Parties'  # games
    'Donne'  # hand
    'Cœurs'  # hearts
    'interdite'  # hint_forbidden
    'Accueil'  # home
    'Erreur interne : %s'  # internal_error
    'Qui a le valet ♦ ?'  # jack
    'Valet ♦'  # jack_short
    'Non, garder'  # keep_it
    'Langue'  # language
    'Menu de la partie'  # menu
    'min'  # min_short
    'Grand chelem'  # moon
    'RETOUR : chelem'  # moon_hint
    'OK ◀ dessus ▶ dessous'  # moon_keys
    "Le chelem : seulement avant de saisir des cœurs (annule-les d'abord)."  # moon_late
    'Qui fait le chelem ?'  # moon_who
    'Monter'  # move_up
    'Nom'  # name
    '▲▼ lettre ◀▶ déplacer'  # name_help
    'jamais'  # never
    'Nouvelle partie'  # new_game
    '+ Nouveau nom'  # new_name
    '{0} donne {1}'  # next_deals
    '{0} donne, {1}'  # next_deals_pass
    'nulle'  # nil
    'Aucune partie'  # no_games
    'Aucune donne'  # no_hands
    'Pas encore sur PC !'  # not_on_pc
    '{0} octets'  # note_bytes
    'Un réglage avait une valeur erronée : valeurs par défaut utilisées.'  # note_cfg_bad
    'Réglages illisibles : valeurs par défaut utilisées.'  # note_cfg_unreadable
    '{0} : la fin de son journal était abîmée.'  # note_cut
    '{0} enregistrements gardés ({1}).'  # note_kept
    '{0} enregistrement gardé ({1}).'  # note_kept_one
    "{0} : vient d'un firmware plus récent (format {1}). Mets le firmware à jour."  # note_newer
    '{0} : lecture impossible ({1}).'  # note_read_failed
    '{0} : supprimé, une panne de courant a interrompu son début.'  # note_removed
    'Réparation impossible ({0}) : lecture seule.'  # note_stuck
    '{0} : une panne de courant a coupé son dernier enregistrement.'  # note_torn
    '{0} : illisible.'  # note_unreadable
    'Rien à annuler.'  # nothing_undo
    'non'  # off
    'Éteindre après'  # off_after
    'puis OK : les mises'  # ok_reveal
    'oui'  # on
    'OK miser  ▲▼ choisir'  # pass_keys
    'Passe le boîtier à'  # pass_to
    'jouée {0}'  # played_ago
    'Joueurs'  # players
    "Économie d'énergie"  # power
    'Qui a la dame ♠ ?'  # queen
    'Dame ♠'  # queen_short
    'au hasard'  # random
    'Refusé'  # refused
    'Rouvrir {0} {1} ?'  # reopen_q
    'Reprendre'  # resume
    'OK : reprendre'  # resume_help
    'OK : reprendre ◀▶'  # resume_help_many
    'Place pour environ {0} parties.'  # room_n
    'Place pour 1 partie de plus.'  # room_one
    'place {0}'  # room_short
    'Pas plus de 12 noms.'  # roster_full
    'Tour'  # round
    'Mise'  # row_bid
    '♥'  # row_hearts
    'Lev.'  # row_tricks
    'cette mise est hors limites.'  # rule_bid_range
    "la mise nulle à l'aveugle n'est pas dans ces règles."  # rule_blind_nil
    'les mises ne peuvent pas égaler les cartes données.'  # rule_even_bids
    'la partie est finie.'  # rule_game_over
    'les cœurs pris vont de 0 à 13.'  # rule_hearts_range
    'les cœurs doivent faire 13 en tout.'  # rule_hearts_total
    "la mise nulle (0) n'est pas dans ces règles."  # rule_nil
    "ce n'est pas le tour de ce joueur."  # rule_order
    'les règles ne le permettent pas.'  # rule_other
    'ce nombre de levées est impossible.'  # rule_tricks_range
    'les levées doivent faire le total des cartes données.'  # rule_tricks_total
    "le dernier tour n'a pas d'atout."  # rule_trump
    'Règles %s'  # rules_of
    'Sacs'  # s_bags
    'Mises'  # s_bidding
    "Nulle à l'aveugle"  # s_blind_nil
    'Mises égales'  # s_even_bids
    'Chelem'  # s_moon
    'Mise nulle'  # s_nil
    'Omnibus'  # s_omnibus
    'Équipes'  # s_partners
    'Passe'  # s_passing
    'Chute'  # s_set_penalty
    'But'  # s_target
    'Égalité'  # s_tie
    'Nom en double : %s'  # same_name
    'Scores'  # scores
    'Place'  # seat
    's'  # sec_short
    'Réglages'  # settings
    'Veille après'  # sleep_after
    'Commencer quand même'  # space_anyway
    'Effacer la première'  # space_delete
    '%d anciennes parties déjà sur le PC effacées.'  # space_deleted
    '1 ancienne partie déjà sur le PC effacée.'  # space_deleted_one
    'Flash presque plein'  # space_low
    'Synchroniser avant'  # space_sync
    'Commencer'  # start
    'lancée {0}'  # started_ago
    '♣ Trèfle'  # suit_C
    '♦ Carreau'  # suit_D
    '♥ Cœur'  # suit_H
    '♠ Pique'  # suit_S
    'sans atout'  # suit_none
    'mises'  # sum_bids
    'en trop :'  # sum_over
    'levées'  # sum_tricks
    'manque :'  # sum_under
    'But'  # target
    'Égalité : on rejoue'  # tie_more
    'TrickTally'  # title
    'Levées'  # tricks
    'Atout'  # trump
    'Atout de ce tour ?'  # trump_q
    'Annuler la saisie'  # undo
    'Annulé : correction {0} {1}'  # undone_amend
    'Annulé : {0} {1}'  # undone_one
    'Annulé : {1} {0} {2}'  # undone_seat
    'permises'  # v_allowed
    'canadien'  # v_canadian
    'canad.+0'  # v_canadian_zero
    'au choix'  # v_choice
    'retardées'  # v_delayed
    'cachées'  # v_hidden
    'à gauche'  # v_left
    '-10/levée'  # v_minus_bid
    'jamais'  # v_never
    'aucune'  # v_none
    'ouvertes'  # v_open
    'les autres +26'  # v_others_plus
    'on rejoue'  # v_play_on
    'tournante'  # v_rotate
    'lui-même -26'  # v_self_minus
    'partagée'  # v_shared
    '0 point'  # v_zero
    '%s : %s'  # who
    "Échec d'écriture : %s"  # write_failed
)
STARTS = b"\x00\x00\x13\x00!\x004\x00D\x00P\x00^\x00p\x00\x80\x00\x88\x00\xeb\x00\x16\x01\x1a\x01\x1f\x01&\x01'\x01,\x012\x01p\x01\x81\x01\x9c\x01\xc2\x01\xc5\x01\xc8\x01\xcb\x01\xd4\x01\xe7\x01\xea\x01\xf3\x01\x07\x02\x1b\x02)\x029\x02G\x02N\x02V\x02^\x02h\x02p\x02z\x02\x82\x02\x8c\x02\x9c\x02\xb0\x02\xc1\x02\xc8\x02\xd5\x02\xda\x02\xe0\x02\xe3\x02\xea\x02\xef\x02\xf4\x02\xfd\x02\x04\x03\x17\x03)\x030\x03;\x03A\x03R\x03U\x03a\x03p\x03\x85\x03\xca\x03\xde\x03\xe4\x03\xe7\x03\xfc\x03\x02\x04\x11\x04\x1e\x04+\x049\x04>\x04K\x04W\x04j\x04t\x04\xb7\x04\xea\x04\x13\x054\x05S\x05\x9f\x05\xbe\x05\xfa\x05&\x06d\x06t\x06\x83\x06\x86\x06\x94\x06\xa7\x06\xaa\x06\xbe\x06\xd0\x06\xd9\x06\xe0\x06\xf2\x06\x03\x07\t\x07\x12\x07\x18\x07)\x072\x07@\x07Q\x07p\x07\x8c\x07\x95\x07\xa9\x07\xad\x07\xb1\x07\xb2\x07\xb6\x07\xd2\x07\x06\x089\x08M\x08k\x08\x8e\x08\xba\x08\xdc\x08\xfc\x08\x1f\tT\tt\t}\t\x81\t\x86\t\x97\t\xa3\t\xa9\t\xb3\t\xba\t\xc1\t\xc6\t\xcb\t\xce\t\xd5\t\xe7\t\xed\t\xf2\t\xf3\t\xfb\t\x07\n\x1b\n.\n[\n\x84\n\x97\n\xa9\n\xb2\n\xbc\n\xc4\n\xcd\n\xd3\n\xda\n\xe4\n\xe9\n\xf2\n\xf8\n\x00\x0b\x03\x0b\x16\x0b \x0b&\x0b+\x0b=\x0bN\x0bi\x0by\x0b\x8d\x0b\x95\x0b\x9d\x0b\xa5\x0b\xad\x0b\xb6\x0b\xbd\x0b\xc5\x0b\xce\x0b\xd4\x0b\xda\x0b\xe2\x0b\xf0\x0b\xf9\x0b\x02\x0c\x0e\x0c\x16\x0c\x1d\x0c$\x0c9\x0c"
