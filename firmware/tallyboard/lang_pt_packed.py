# SPDX-License-Identifier: MIT
# Made by tools/make_lang.py from lang_pt.py: do not edit (run it again).

"""The pt strings packed (see i18n.py)."""

TEXT = (
    'Ainda não há mãos.'  # acc_none
    'Licitações cumpridas'  # acc_title
    '+ Adicionar jogador'  # add
    'há {0} dias'  # ago_days
    'há {0} h'  # ago_h
    'há {0} min'  # ago_min
    'Corrigir uma mão'  # amend
    'Corrigir uma ronda'  # amend_round
    'Bateria'  # battery
    'Bateria esgotada: sem partida nova até trocares as pilhas. A partida aberta está segura.'  # battery_critical
    'Bateria fraca: troca as pilhas em breve.'  # battery_low
    'Licita'  # bid
    'Licitações'  # bids
    'às cegas'  # blind_nil
    'C'  # blind_short
    'carta'  # card_one
    'cartas'  # cards
    'Um nome tem de 1 a {0} letras, sem espaços no início nem no fim.'  # cfg_name
    'No máximo {0} nomes.'  # cfg_roster
    '{0} já está na lista.'  # cfg_twice
    'Esta definição não aceita esse valor.'  # cfg_value
    'Sac'  # col_bags
    '+/-'  # col_change
    'Tot'  # col_total
    'Contraste'  # contrast
    'Registo verificado'  # damage
    'Dá:'  # dealer_short
    'Apagar'  # delete
    'Apagar mesmo assim'  # delete_anyway
    'Perde-se. Certeza?'  # delete_sure
    'Sim, apagar'  # delete_yes
    'Partida apagada'  # deleted
    'Escurecer após'  # dim_after
    'passe frente'  # dir_across
    'sem passe'  # dir_hold
    'passe esq.'  # dir_left
    'passe 2 esq.'  # dir_left2
    'passe dir.'  # dir_right
    'passe 2 dir.'  # dir_right2
    'Editar'  # edit
    '= o resto'  # filled_in
    'Resultado final'  # final
    'OK: início  ▲: mãos'  # final_help
    'Joga-se a 1.ª carta'  # first_card
    'Quem dá'  # first_dealer
    'Copas'  # g_hearts
    'Espadas'  # g_spades
    'Wizard'  # g_wizard
    'Jogo'  # game
    'Partidas'  # games
    'Mão'  # hand
    'Copas'  # hearts
    'não pode'  # hint_forbidden
    'Início'  # home
    'Erro interno: %s'  # internal_error
    'Quem tem o valete ♦?'  # jack
    'Valete ♦'  # jack_short
    'Não, manter'  # keep_it
    'Idioma'  # language
    'Menu da partida'  # menu
    'min'  # min_short
    'Tiro à lua'  # moon
    'VOLTAR: lua'  # moon_hint
    'OK  ◀ acima  ▶ abaixo'  # moon_keys
    'A lua: só antes de pôr copas (desfaz-as primeiro).'  # moon_late
    'Quem fez a lua?'  # moon_who
    'Subir'  # move_up
    'Nome'  # name
    '▲▼ letra ◀▶ mover'  # name_help
    'nunca'  # never
    'Nova partida'  # new_game
    '+ Nome novo'  # new_name
    'Dá {0}: {1}'  # next_deals
    'Dá {0}, {1}'  # next_deals_pass
    'nula'  # nil
    'Ainda não há partidas'  # no_games
    'Ainda não há mãos'  # no_hands
    'Ainda não está no PC!'  # not_on_pc
    '{0} bytes'  # note_bytes
    'Uma definição tinha um valor errado: usados os valores de origem.'  # note_cfg_bad
    'Definições ilegíveis: usados os valores de origem.'  # note_cfg_unreadable
    '{0}: o fim do seu registo estava danificado.'  # note_cut
    'Mantidos {0} registos ({1}).'  # note_kept
    'Mantido {0} registo ({1}).'  # note_kept_one
    '{0}: é de um firmware mais recente (formato {1}). Atualiza o firmware.'  # note_newer
    '{0}: não foi possível ler ({1}).'  # note_read_failed
    '{0}: apagado, uma falha de energia interrompeu o início.'  # note_removed
    'Não foi possível reparar ({0}): só leitura.'  # note_stuck
    '{0}: uma falha de energia cortou o seu último registo.'  # note_torn
    '{0}: não se consegue ler.'  # note_unreadable
    'Não há nada para anular.'  # nothing_undo
    'não'  # off
    'Desligar após'  # off_after
    'depois OK: licitações'  # ok_reveal
    'sim'  # on
    'OK licitar ▲▼ outra'  # pass_keys
    'Passa o marcador a'  # pass_to
    'jogada {0}'  # played_ago
    'Jogadores'  # players
    'Poupança de energia'  # power
    'Quem tem a dama ♠?'  # queen
    'Dama ♠'  # queen_short
    'à sorte'  # random
    'Não permitido'  # refused
    'Reabrir {0} {1}?'  # reopen_q
    'Continuar partida'  # resume
    'OK: continuar'  # resume_help
    'OK: retomar ◀▶ outra'  # resume_help_many
    'Cabem cerca de {0} partidas.'  # room_n
    'Cabe mais 1 partida.'  # room_one
    'espaço {0}'  # room_short
    'Cabem 12 nomes no máximo.'  # roster_full
    'Ronda'  # round
    'Lic.'  # row_bid
    '♥'  # row_hearts
    'Vaza'  # row_tricks
    'essa licitação está fora dos limites.'  # rule_bid_range
    'a licitação nula às cegas não está nestas regras.'  # rule_blind_nil
    'as licitações não podem somar as cartas dadas.'  # rule_even_bids
    'a partida terminou.'  # rule_game_over
    'as copas vão de 0 a 13.'  # rule_hearts_range
    'as copas têm de somar 13.'  # rule_hearts_total
    'a licitação nula (0) não está nestas regras.'  # rule_nil
    'não é a vez deste jogador.'  # rule_order
    'as regras não o permitem.'  # rule_other
    'não pode haver tantas vazas.'  # rule_tricks_range
    'as vazas têm de somar as cartas dadas.'  # rule_tricks_total
    'a última ronda não tem trunfo.'  # rule_trump
    'Regras: %s'  # rules_of
    'Sacos'  # s_bags
    'Licitações'  # s_bidding
    'Nula às cegas'  # s_blind_nil
    'Soma exata'  # s_even_bids
    'Lua'  # s_moon
    'Licitação nula'  # s_nil
    'Omnibus'  # s_omnibus
    'Parceiros'  # s_partners
    'Passe'  # s_passing
    'Se falhares'  # s_set_penalty
    'Meta'  # s_target
    'Empate'  # s_tie
    'Nome repetido: %s'  # same_name
    'Pontuação'  # scores
    'Lugar'  # seat
    's'  # sec_short
    'Definições'  # settings
    'Adormecer após'  # sleep_after
    'Começar na mesma'  # space_anyway
    'Apagar a mais antiga'  # space_delete
    'Apagadas %d partidas antigas que o PC já tem.'  # space_deleted
    'Apagada 1 partida antiga que o PC já tem.'  # space_deleted_one
    'Memória quase cheia'  # space_low
    'Sincronizar antes'  # space_sync
    'Começar'  # start
    'começada {0}'  # started_ago
    '♣ Paus'  # suit_C
    '♦ Ouros'  # suit_D
    '♥ Copas'  # suit_H
    '♠ Espadas'  # suit_S
    'sem trunfo'  # suit_none
    'licit.'  # sum_bids
    'a mais'  # sum_over
    'vazas'  # sum_tricks
    'a menos'  # sum_under
    'Meta'  # target
    'Empate: mais uma mão'  # tie_more
    'TrickTally'  # title
    'Vazas'  # tricks
    'Trunfo'  # trump
    'Trunfo desta ronda?'  # trump_q
    'Anular o último'  # undo
    'Desfeito: mudança {0} {1}'  # undone_amend
    'Desfeito: {0} {1}'  # undone_one
    'Desfeito: {1} {0} {2}'  # undone_seat
    'sim'  # v_allowed
    'canadiana'  # v_canadian
    'canad.+0'  # v_canadian_zero
    'à escolha'  # v_choice
    'adiadas'  # v_delayed
    'ocultas'  # v_hidden
    'esquerda'  # v_left
    '-10/vaza'  # v_minus_bid
    'nunca'  # v_never
    'sem passe'  # v_none
    'abertas'  # v_open
    'os outros +26'  # v_others_plus
    'outra mão'  # v_play_on
    'rotativo'  # v_rotate
    'quem atira -26'  # v_self_minus
    'partilhado'  # v_shared
    '0 pontos'  # v_zero
    '%s: %s'  # who
    'Erro ao gravar: %s'  # write_failed
)
STARTS = b'\x00\x00\x12\x00&\x009\x00D\x00L\x00V\x00f\x00x\x00\x7f\x00\xd7\x00\xff\x00\x05\x01\x0f\x01\x17\x01\x18\x01\x1d\x01#\x01c\x01w\x01\x8c\x01\xb1\x01\xb4\x01\xb7\x01\xba\x01\xc3\x01\xd5\x01\xd8\x01\xde\x01\xf0\x01\x02\x02\r\x02\x1c\x02*\x026\x02?\x02I\x02U\x02_\x02k\x02q\x02z\x02\x89\x02\x9c\x02\xaf\x02\xb6\x02\xbb\x02\xc2\x02\xc8\x02\xcc\x02\xd4\x02\xd7\x02\xdc\x02\xe4\x02\xea\x02\xfa\x02\x0e\x03\x16\x03!\x03\'\x036\x039\x03C\x03N\x03c\x03\x95\x03\xa4\x03\xa9\x03\xad\x03\xbe\x03\xc3\x03\xcf\x03\xda\x03\xe5\x03\xf0\x03\xf4\x03\t\x04\x1a\x04/\x048\x04y\x04\xab\x04\xd7\x04\xf3\x04\r\x05S\x05s\x05\xab\x05\xd6\x05\x0c\x06%\x06=\x06@\x06M\x06b\x06e\x06x\x06\x8a\x06\x94\x06\x9d\x06\xb0\x06\xc2\x06\xc8\x06\xcf\x06\xdc\x06\xec\x06\xfd\x06\n\x07\x1e\x07:\x07N\x07X\x07q\x07v\x07z\x07{\x07\x7f\x07\xa4\x07\xd5\x07\x03\x08\x16\x08-\x08F\x08r\x08\x8c\x08\xa5\x08\xc1\x08\xe7\x08\x05\t\x0f\t\x14\t\x1e\t+\t5\t8\tF\tM\tV\t[\tf\tj\tp\t\x81\t\x8a\t\x8f\t\x90\t\x9a\t\xa8\t\xb8\t\xcc\t\xf9\t"\n5\nF\nM\nY\n_\nf\nm\nv\n\x80\n\x86\n\x8c\n\x91\n\x98\n\x9c\n\xb0\n\xba\n\xbf\n\xc5\n\xd8\n\xe7\n\x00\x0b\x11\x0b&\x0b)\x0b2\x0b:\x0bC\x0bJ\x0bQ\x0bY\x0ba\x0bf\x0bo\x0bv\x0b\x83\x0b\x8c\x0b\x94\x0b\xa2\x0b\xac\x0b\xb4\x0b\xba\x0b\xcc\x0b'
